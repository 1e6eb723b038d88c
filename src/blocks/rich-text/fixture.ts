import type { RichTextBlockProps } from '../../generated/blocks.ts';

export const fixture: RichTextBlockProps = {
  heading: 'Privacy Policy',
  html: '<h2>What we collect</h2><p>Only what you send us in a form.</p><ul><li>Name</li><li>E-mail</li></ul>',
  width: 'narrow',
};
