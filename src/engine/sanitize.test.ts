import { describe, expect, it } from 'vitest';
import { sanitizeEmbed, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps content markup and removes scripts, handlers and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<h2>Title</h2><p onclick="alert(1)">Text <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(out).toBe('<h2>Title</h2><p>Text <a>x</a></p><img src="x">');
  });

  it('drops iframes, forms and inline styles', () => {
    expect(
      sanitizeHtml('<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><form><input></form><p style="color:red">a</p>'),
    ).toBe('<p>a</p>');
  });

  it('protects new-tab links from reverse tabnabbing', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('returns the cached result for repeated input', () => {
    const html = '<p>same</p>';
    expect(sanitizeHtml(html)).toBe(sanitizeHtml(html));
  });
});

describe('sanitizeEmbed', () => {
  const maps = '^https://www\\.google\\.com/maps/embed\\?';
  it('keeps iframes from the allowed source only', () => {
    const out = sanitizeEmbed(
      '<iframe src="https://www.google.com/maps/embed?pb=1" title="Map" loading="lazy" onload="alert(1)"></iframe><iframe src="https://evil.example/x"></iframe>',
      maps,
    );
    expect(out).toBe('<iframe src="https://www.google.com/maps/embed?pb=1" title="Map" loading="lazy"></iframe>');
  });
  it('makes links that open a new tab safe, like sanitizeHtml does', () => {
    expect(sanitizeEmbed('<a href="https://maps.example/" target="_blank">Open the map</a>', maps)).toBe(
      '<a href="https://maps.example/" target="_blank" rel="noopener noreferrer">Open the map</a>',
    );
  });

  it('still removes scripts around the embed', () => {
    expect(
      sanitizeEmbed(
        '<script>alert(1)</script><iframe srcdoc="<script>alert(1)</script>" src="https://www.google.com/maps/embed?pb=2"></iframe>',
        maps,
      ),
    ).toBe('<iframe src="https://www.google.com/maps/embed?pb=2" loading="lazy"></iframe>');
  });
});
