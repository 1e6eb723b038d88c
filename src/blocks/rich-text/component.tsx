import { Html, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function RichText({ heading, html, width, priority }: Resolved<'rich-text'> & BlockExtras) {
  if (!heading && !html) return null;
  const Heading = priority ? 'h1' : 'h2';
  return (
    <section className={`rich-text rich-text--${width}`}>
      <div className="container">
        {heading ? <Heading>{heading}</Heading> : null}
        <Html html={html} />
      </div>
    </section>
  );
}
