/** The staff area's pages, in navigation order: every guarded page, each with its dashboard card. */
export const ADMIN_PAGES = [
  { href: '/admin', label: 'Dashboard', description: 'Overview and quick stats.' },
  { href: '/admin/bookings', label: 'Bay Bookings', description: 'The day by bay, search, CSV, desk bookings, blocks and cancellations.' },
  { href: '/admin/registrations', label: 'League Registrations', description: 'Teams, payments, copy team info, export and delete.' },
  { href: '/admin/reports', label: 'Reports', description: 'Revenue by week, bay use by the half hour, memberships and league fill, with CSV.' },
  { href: '/admin/league', label: 'League Play', description: 'Weekly scores and awards, standings, playoffs.' },
  { href: '/admin/members', label: 'Members', description: 'Search members and check their subscriptions.' },
  { href: '/admin/database', label: 'Database', description: 'Statistics, recent activity and system information.' },
  { href: '/admin/event-requests', label: 'Event Requests', description: 'Booking requests sent from the events page.' },
  { href: '/admin/gift-cards', label: 'Gift Cards', description: 'Look up a card, take a purchase at the venue, adjust, void, resend, CSV.' },
] as const;

export type AdminPath = (typeof ADMIN_PAGES)[number]['href'];

/**
 * The content editor, linked from every staff page and the dashboard. Not one of ADMIN_PAGES: it is
 * not behind the staff password (staff sign in with GitHub there) and has its own page.
 */
export const CONTENT_EDITOR_LINK = {
  href: '/admin/content',
  label: 'Website Content',
  description: 'Edit texts, prices, hours, events and photos of the website.',
} as const;
