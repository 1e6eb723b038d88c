import type { OfficeTabsBlockProps } from '../../generated/blocks.ts';
import { sampleEmail } from '../fixture-helpers.ts';

export const fixture: OfficeTabsBlockProps = {
  heading: { title: 'Our Offices' },
  offices: [
    {
      title: 'London (HQ)',
      address: '<p>1 Example Yard<br>London EC1A 1AA</p>',
      email: sampleEmail('london'),
      phone: '+44 20 7946 0321',
      map: '<iframe src="https://www.google.com/maps/embed?pb=london" title="Map of the London office" loading="lazy"></iframe>',
    },
    { title: 'Pune', address: '<p>Baner Road, Pune 411045</p>', email: sampleEmail('pune') },
  ],
};
