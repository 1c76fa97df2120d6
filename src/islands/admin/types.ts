/** Answer shapes of the admin endpoints (spec sections 3 and 7) as the staff pages read them. */
import type { SystemInfo } from '../../domain/admin/system';

export interface DatabaseStatsAnswer {
  totalRegistrations: number;
  totalCustomers: number;
  activeSubscriptions: number;
  /** Completed league payments, in dollars. */
  totalRevenue: number;
  recentRegistrations: Array<{ teamName: string; player1: string; player2: string; teeTime: string; sessions: string[]; registeredAt: string }>;
  recentCustomers: Array<{ name: string | null; email: string | null; subscriptions: number; created: number }>;
  /** Store and payment mode of the deployment (absent from older servers). */
  system?: SystemInfo;
}

/** League facts the pages pass to the islands (from the league content file, so islands ship no zod). */
export interface LeagueFacts {
  sessions: Array<{ id: string; name: string; startDate: string }>;
  teeTimes: { days: Array<{ id: string; label: string }>; slots: Array<{ id: string; label: string }> };
}
