import type { SideMenuBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: SideMenuBlockProps = {
  label: 'Services',
  links: [
    { label: 'Migration', href: '/services/migration-service', icon: PLACEHOLDER_IMAGE },
    { label: 'Operation', href: '/services/operation-service' },
    { label: 'Assurance', href: '/services/assurance-service' },
    { label: 'Maintenance', href: '/services/maintenance-service' },
  ],
};
