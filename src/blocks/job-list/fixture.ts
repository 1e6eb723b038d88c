import type { JobListBlockProps } from '../../generated/blocks.ts';

export const fixture: JobListBlockProps = {
  heading: { title: 'Open Positions' },
  jobs: [
    { title: 'Senior Java Developer', city: 'Pune', country: 'India', expertise: 'Engineering', href: '/careers/senior-java-developer' },
    { title: 'Delivery Manager', city: 'London', country: 'United Kingdom', expertise: 'Delivery', href: '/careers/delivery-manager' },
    {
      title: 'Solutions Consultant',
      city: 'Johannesburg',
      country: 'South Africa',
      expertise: 'Sales',
      href: '/careers/solutions-consultant',
    },
  ],
};
