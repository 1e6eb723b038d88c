// Small, deliberately simple SVG placeholders (each well under 3 KB). They are
// reused across items; what matters is that every referenced path exists and
// that the images look distinct enough to spot layout mistakes.

const FONT = 'font-family="Helvetica,Arial,sans-serif"';

function svg(w: number, h: number, from: string, to: string, body: string, label: string, labelSize: number): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    body,
    labelSize > 0
      ? `<text x="${Math.round(w * 0.06)}" y="${Math.round(h - labelSize * 1.4)}" ${FONT} font-size="${labelSize}" font-weight="700" fill="#fff">${label}</text>`
      : '',
    '</svg>',
    '',
  ].join('\n');
}

type Motif = (w: number, h: number) => string;

const r = (n: number) => Math.round(n);

const motifs: Record<string, Motif> = {
  // a chain of lattice towers
  towers: (w, h) =>
    [0.55, 0.7, 0.85]
      .map((x, i) => {
        const cx = r(w * x);
        const top = r(h * (0.12 + i * 0.08));
        const base = r(h * 0.78);
        const half = r(w * 0.04);
        return `<path d="M${cx} ${top}L${cx - half} ${base}M${cx} ${top}L${cx + half} ${base}M${cx - r(half / 2)} ${r((top + base) / 2)}H${cx + r(half / 2)}" stroke="#fff" stroke-opacity=".8" stroke-width="${r(w / 300) + 2}" fill="none"/><circle cx="${cx}" cy="${top}" r="${r(w / 120) + 3}" fill="#ffd166"/>`;
      })
      .join(''),
  // nodes joined by links
  network: (w, h) => {
    const pts = [
      [0.55, 0.25],
      [0.72, 0.18],
      [0.88, 0.32],
      [0.63, 0.55],
      [0.82, 0.62],
      [0.93, 0.12],
    ].map(([x, y]) => [r(w * x), r(h * y)]);
    const links = [
      [0, 1],
      [1, 2],
      [0, 3],
      [3, 4],
      [2, 4],
      [1, 5],
      [1, 3],
    ]
      .map(([a, b]) => `M${pts[a][0]} ${pts[a][1]}L${pts[b][0]} ${pts[b][1]}`)
      .join('');
    const dots = pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r(Math.min(w, h) / 40)}" fill="#fff"/>`).join('');
    return `<path d="${links}" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>${dots}`;
  },
  // an exhibition booth with a banner
  congress: (w, h) =>
    `<rect x="${r(w * 0.55)}" y="${r(h * 0.2)}" width="${r(w * 0.36)}" height="${r(h * 0.5)}" rx="12" fill="#fff" fill-opacity=".15" stroke="#fff" stroke-width="4"/>` +
    `<rect x="${r(w * 0.55)}" y="${r(h * 0.2)}" width="${r(w * 0.36)}" height="${r(h * 0.1)}" fill="#ffd166"/>` +
    // a calendar grid, not digits: art carries no text (issue 19)
    [0, 1, 2, 3]
      .flatMap((col) => [0, 1, 2].map((row) => [0.59 + col * 0.08, 0.36 + row * 0.1]))
      .map(
        ([x, y]) =>
          `<rect x="${r(w * x)}" y="${r(h * y)}" width="${r(w * 0.05)}" height="${r(h * 0.06)}" rx="4" fill="#fff" fill-opacity=".7"/>`,
      )
      .join(''),
  // a city skyline
  company: (w, h) =>
    [0.5, 0.58, 0.66, 0.74, 0.82, 0.9]
      .map((x, i) => {
        const bh = r(h * [0.35, 0.55, 0.42, 0.62, 0.3, 0.48][i]);
        return `<rect x="${r(w * x)}" y="${r(h * 0.8) - bh}" width="${r(w * 0.06)}" height="${bh}" fill="#fff" fill-opacity="${0.25 + i * 0.1}"/>`;
      })
      .join(''),
  // a rising bar chart
  insights: (w, h) =>
    [0, 1, 2, 3, 4]
      .map((i) => {
        const bh = r(h * (0.15 + i * 0.1));
        return `<rect x="${r(w * (0.55 + i * 0.08))}" y="${r(h * 0.75) - bh}" width="${r(w * 0.05)}" height="${bh}" rx="6" fill="${i === 4 ? '#ffd166' : '#fff'}" fill-opacity=".85"/>`;
      })
      .join(''),
  // a document with a shield
  legal: (w, h) => {
    const x = r(w * 0.62);
    const y = r(h * 0.14);
    const dw = r(Math.min(w, h) * 0.42);
    return (
      `<rect x="${x}" y="${y}" width="${dw}" height="${r(dw * 1.25)}" rx="10" fill="#fff" fill-opacity=".9"/>` +
      [1, 2, 3, 4].map((i) => `<rect x="${x + 20}" y="${y + i * r(dw / 5)}" width="${dw - 40}" height="8" rx="4" fill="#94a3b8"/>`).join('')
    );
  },
};

/**
 * Hero art for both crops: no caption (the banner shows any crop of it, and its own heading and
 * controls lie over it, issue 19); the name stays the image's accessible label.
 */
function banner(motif: string, from: string, to: string, label: string): [string, string] {
  const m = motifs[motif];
  return [svg(1600, 600, from, to, m(1600, 600), label, 0), svg(750, 900, from, to, m(750, 900), label, 0)];
}

function card(motif: string, from: string, to: string, label: string): string {
  // No words in the picture (WCAG 1.4.5): a card says its title in text beside it, and the image is decorative (alt="").
  return svg(800, 450, from, to, motifs[motif](800, 450), label, 0);
}

/** 64x64 round icon: a glyph drawn in a 24-unit grid. */
function icon(glyph: string, color: string, label: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label}">`,
    `<circle cx="32" cy="32" r="30" fill="${color}"/>`,
    `<g transform="translate(14 14) scale(1.5)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>`,
    '</svg>',
    '',
  ].join('\n');
}

function avatar(from: string, to: string): string {
  return svg(
    400,
    400,
    from,
    to,
    '<circle cx="200" cy="160" r="70" fill="#fff" fill-opacity=".85"/><path d="M70 400c0-90 58-140 130-140s130 50 130 140z" fill="#fff" fill-opacity=".85"/>',
    'Team member',
    0,
  );
}

const BANNERS: Record<string, [string, string, string, string]> = {
  congress: ['congress', '#1d3557', '#e63946', 'Barcelona 2026'],
  towers: ['towers', '#0b3c5d', '#328cc1', 'Tower Suite'],
  network: ['network', '#2a0845', '#6441a5', 'Telecom Suite'],
  company: ['company', '#14213d', '#fca311', 'Veltrix'],
  insights: ['insights', '#004e64', '#25a18e', 'Insights'],
  legal: ['legal', '#334155', '#64748b', 'Policies'],
  services: ['network', '#073b4c', '#118ab2', 'Services'],
  support: ['company', '#3d405b', '#81b29a', 'Support'],
};

export function buildImages(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, [motif, from, to, label]] of Object.entries(BANNERS)) {
    const [desktop, mobile] = banner(motif, from, to, label);
    out[`banners/${name}-desktop.svg`] = desktop;
    out[`banners/${name}-mobile.svg`] = mobile;
  }
  const cards: Record<string, [string, string, string, string]> = {
    'blog/cloud-billing.svg': ['insights', '#0f4c75', '#3282b8', 'Cloud Billing'],
    'blog/tower-assets.svg': ['towers', '#283618', '#606c38', 'Tower Assets'],
    'blog/revenue-analytics.svg': ['insights', '#6a040f', '#dc2f02', 'Revenue'],
    'blog/customer-portal.svg': ['company', '#3a0ca3', '#4cc9f0', 'Customer Portal'],
    'blog/orchestration.svg': ['network', '#03045e', '#0077b6', 'Orchestration'],
    'blog/field-force.svg': ['towers', '#7f4f24', '#b08968', 'Field Force'],
    'blog/messaging.svg': ['network', '#5f0f40', '#9a031e', 'Messaging'],
    'blog/security.svg': ['legal', '#1b263b', '#415a77', 'Security'],
    'products/about-veltrix.svg': ['company', '#0b132b', '#3a506b', 'About Veltrix'],
    'products/white-paper.svg': ['legal', '#2b2d42', '#8d99ae', 'White Paper'],
    'products/case-study.svg': ['insights', '#10451d', '#2d6a4f', 'Case Study'],
    'products/platform.svg': ['network', '#22223b', '#4a4e69', 'Platform'],
    'services/migration.svg': ['network', '#005f73', '#0a9396', 'Migration'],
    'services/operations.svg': ['insights', '#3c096c', '#7b2cbf', 'Operations'],
    'services/people.svg': ['company', '#7f5539', '#b08968', 'Our People'],
  };
  for (const [file, [motif, from, to, label]] of Object.entries(cards)) out[file] = card(motif, from, to, label);

  const glyphs: Record<string, [string, string, string]> = {
    lease: ['<path d="M6 2h9l5 5v15H6z"/><path d="M15 2v5h5M9 12h8M9 16h6"/>', '#0b3c5d', 'Lease'],
    asset: ['<path d="M12 2 7 22M12 2l5 20M9 14h6"/><circle cx="12" cy="2" r="1"/>', '#283618', 'Asset'],
    revenue: ['<path d="M3 20h18M6 16v-4M11 16V8M16 16v-7M20 5l-5 4-4-3-7 5"/>', '#6a040f', 'Revenue'],
    portal: ['<rect x="3" y="4" width="18" height="14" rx="2"/><path d="M3 8h18M8 22h8"/>', '#3a0ca3', 'Portal'],
    orchestration: [
      '<circle cx="5" cy="12" r="2"/><circle cx="19" cy="5" r="2"/><circle cx="19" cy="19" r="2"/><path d="M7 12h5l5-6M12 12l5 6"/>',
      '#0077b6',
      'Orchestration',
    ],
    bpm: [
      '<rect x="2" y="9" width="6" height="6" rx="1"/><rect x="16" y="9" width="6" height="6" rx="1"/><path d="M8 12h8M12 4v4M12 16v4"/>',
      '#2d6a4f',
      'BPM',
    ],
    ccm: ['<path d="M3 5h18v12H8l-5 4z"/><path d="M7 10h10M7 13h6"/>', '#9a031e', 'CCM'],
    shield: ['<path d="M12 2 4 5v6c0 5 3.5 9 8 11 4.5-2 8-6 8-11V5z"/><path d="m8 12 3 3 5-6"/>', '#1b263b', 'Certified'],
    quote: ['<path d="M4 18c0-6 2-9 6-11M14 18c0-6 2-9 6-11"/><path d="M4 18h5v-5H4zM14 18h5v-5h-5z"/>', '#fca311', 'Testimonial'],
    migration: ['<path d="M3 7h14l-4-4M21 17H7l4 4"/>', '#005f73', 'Migration'],
    operation: [
      '<circle cx="12" cy="12" r="3"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4M5 5l3 3M16 16l3 3M5 19l3-3M16 8l3-3"/>',
      '#3c096c',
      'Operation',
    ],
    assurance: ['<circle cx="11" cy="11" r="7"/><path d="m21 21-5-5M8 11l2 2 4-4"/>', '#2d6a4f', 'Assurance'],
    maintenance: ['<path d="M14 6a4 4 0 0 0 5 5l-9 9a2 2 0 0 1-3-3z"/><path d="M4 4l4 4"/>', '#7f5539', 'Maintenance'],
    consulting: ['<circle cx="9" cy="7" r="3"/><path d="M3 21v-2a6 6 0 0 1 12 0v2M16 3h5v5h-3l-2 2z"/>', '#118ab2', 'Consulting'],
  };
  for (const [name, [glyph, color, label]] of Object.entries(glyphs)) out[`icons/${name}.svg`] = icon(glyph, color, label);

  const people: [string, string][] = [
    ['#457b9d', '#a8dadc'],
    ['#6d597a', '#e56b6f'],
    ['#355070', '#eaac8b'],
    ['#2a9d8f', '#e9c46a'],
  ];
  people.forEach(([from, to], i) => (out[`team/member-${i + 1}.svg`] = avatar(from, to)));
  return out;
}
