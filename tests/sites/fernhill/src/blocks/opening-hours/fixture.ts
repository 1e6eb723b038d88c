import type { OpeningHoursBlockProps } from '../../generated/blocks.ts';

export const fixture: OpeningHoursBlockProps = {
  heading: 'When we are open',
  days: [
    { day: 'Monday' },
    { day: 'Tuesday', hours: '9:30–17:00' },
    { day: 'Wednesday', hours: '9:30–17:00' },
    { day: 'Thursday', hours: '9:30–19:30' },
    { day: 'Friday', hours: '9:30–17:00' },
    { day: 'Saturday', hours: '10:00–13:00' },
    { day: 'Sunday' },
  ],
  note: 'Closed on bank holidays.',
};
