/**
 * The charts' colours: the site's tokens (tailwind.config.cjs; a unit test keeps them equal), since a
 * canvas cannot read the CSS classes. Series colours are the accent, gold, warning and success
 * tokens, told apart by more than hue: refunds are hatched below the axis and the tables carry every number.
 */
export const CHART_COLORS = {
  text: '#f3f7f4',
  muted: '#b3c2b9',
  line: '#2a3a31',
  surface: '#0e1813',
  accent: '#3ccf7a',
  accentStrong: '#5fe095',
  accentDeep: '#1f7a47',
  gold: '#f2c94c',
  warning: '#ffb067',
  danger: '#ff8a80',
  success: '#7ee2a8',
} as const;

/** One colour per product, in the report's order. */
export const SERIES = [CHART_COLORS.accent, CHART_COLORS.gold, CHART_COLORS.warning, CHART_COLORS.success, CHART_COLORS.accentStrong] as const;

export const seriesColor = (index: number): string => SERIES[index % SERIES.length]!;

/** `hex` at `alpha` (0-1): '#3ccf7a' → 'rgba(60, 207, 122, 0.5)'. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}
