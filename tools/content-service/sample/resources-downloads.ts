// Downloads sample content: the brochure grid (/api/page/download), one
// /api/download_detail/{id} file per document and the PDF form page (both
// assumed endpoints: the form page renders without them), and a few tiny
// hand-written PDF 1.4 brochures served from uploads/brochures/.
import { banner, p, type PageData } from './company-shared.ts';

/** A minimal, valid one-page PDF 1.4 (Helvetica text only) with a correct xref table; ASCII only. */
export function minimalPdf(title: string, lines: string[]): string {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    'BT /F1 20 Tf 72 760 Td',
    `(${esc(title)}) Tj`,
    '/F1 11 Tf 0 -30 Td 15 TL',
    ...lines.map((l) => `(${esc(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Title (${esc(title)}) /Author (Veltrix) /Producer (Veltrix sample generator) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

const BROCHURES: Record<string, [string, string[]]> = {
  'brochures/tower-company-suite.pdf': [
    'Veltrix Tower Company Suite',
    [
      'Lease & contract management, AI-powered asset tracking,',
      'revenue management and a unified customer portal.',
      '',
      '75% operational process efficiency  |  100% asset visibility',
      '80% financial process efficiency    |  100% billing accuracy',
      '',
      'Contact: sales@veltrix.example  |  +44 20 7946 0018',
    ],
  ],
  'brochures/telecom-suite.pdf': [
    'Veltrix Telecom Suite',
    [
      'Customer care & product management, mediation & provisioning,',
      'revenue management and credit control on one cloud-native platform.',
      '',
      'Contact: sales@veltrix.example  |  +44 20 7946 0018',
    ],
  ],
  'brochures/platforms-overview.pdf': [
    'Veltrix Platforms',
    [
      'Integration & orchestration, business process management,',
      'customer communication management, subscription billing',
      'and field force management.',
      '',
      'Contact: sales@veltrix.example  |  +44 20 7946 0018',
    ],
  ],
};

export function buildBrochures(): Record<string, string> {
  return Object.fromEntries(Object.entries(BROCHURES).map(([file, [title, lines]]) => [file, minimalPdf(title, lines)]));
}

interface DocumentSource {
  id: number;
  name: string;
  image: string;
  pdf: string;
  description: string;
}

const DOCUMENTS: DocumentSource[] = [
  {
    id: 1,
    name: 'Tower Company Suite Brochure',
    image: 'banners/towers-desktop.svg',
    pdf: 'brochures/tower-company-suite.pdf',
    description: 'An overview of lease and contract management, asset tracking, revenue management and the unified customer portal.',
  },
  {
    id: 2,
    name: 'Lease & Contract Management',
    image: 'icons/lease.svg',
    pdf: 'brochures/tower-company-suite.pdf',
    description:
      'Clause-level lease management with escalations, renewals, obligations and approvals for ground, rooftop and tenant agreements.',
  },
  {
    id: 3,
    name: 'AI-powered Asset Tracking',
    image: 'icons/asset.svg',
    pdf: 'brochures/tower-company-suite.pdf',
    description: 'Photo-based site audits, equipment recognition and automated reconciliation with leases and billing.',
  },
  {
    id: 4,
    name: 'Telecom Suite Brochure',
    image: 'banners/network-desktop.svg',
    pdf: 'brochures/telecom-suite.pdf',
    description: 'Customer care, mediation and provisioning, revenue management and credit control for telecom operators.',
  },
  {
    id: 5,
    name: 'Integration & Orchestration Platform',
    image: 'icons/orchestration.svg',
    pdf: 'brochures/platforms-overview.pdf',
    description: 'Low-code middleware, an API gateway and business events to connect BSS, OSS and partner systems.',
  },
  {
    id: 6,
    name: 'Subscription Billing Platform',
    image: 'icons/revenue.svg',
    pdf: 'brochures/platforms-overview.pdf',
    description: 'Plans, trials, bundles, usage-based pricing and local payment methods for subscription and SaaS businesses.',
  },
  {
    id: 7,
    name: 'Customer Communication Management',
    image: 'icons/ccm.svg',
    pdf: '',
    description:
      'Personalised statements and notifications on print, e-mail, SMS and messaging apps, with Unicode and bounce-mail tracking. Request a copy by e-mail.',
  },
  {
    id: 8,
    name: 'Services Overview: Migration to Maintenance',
    image: 'icons/shield.svg',
    pdf: '',
    description:
      'Migration, managed operations, business assurance and maintenance services delivered by the team that builds the product. Request a copy by e-mail.',
  },
];

export function buildDownloadPage() {
  const page_data: PageData = {
    page_title: 'Download Brochures | Veltrix',
    meta_keywords: 'Veltrix brochures, product datasheets, tower company suite brochure, telecom suite brochure',
    meta_description: 'Download brochures and datasheets for the Veltrix tower company suite, telecom suite, platforms and services.',
    name: 'Download Brochures',
    sub_text: 'Product brochures and datasheets',
    sub_text2: 'Everything you need to share Veltrix with your team.',
    ...banner('insights'),
  };
  return {
    page_data,
    // id is not a SPEC field (x-assumed): it feeds the 'Get it by e-mail' link to /pdf-download-form?id=.
    download: { download_loop: DOCUMENTS.map(({ id, name, image, pdf }) => ({ id, name, image, pdf_link: pdf })) },
  };
}

export function buildDownloadDetails(): Record<string, unknown> {
  return Object.fromEntries(
    DOCUMENTS.map(({ id, name, image, description }) => [String(id), { document: { id, name, image, description: p(description) } }]),
  );
}

export function buildPdfDownloadForm() {
  const page_data: PageData = {
    page_title: 'Get the Document by E-mail | Veltrix',
    meta_keywords: 'Veltrix brochure request, download form',
    meta_description: 'Tell us where to send the document and we will e-mail it to you straight away.',
    name: 'Get the Document',
    sub_text: 'We will send it to your inbox',
    sub_text2: 'Fill in the form and we will e-mail you the document you selected.',
    ...banner('insights'),
    content: p(
      'Complete the form below and we will e-mail the document to you. We only use your details to send the document and, if you ask us to, to follow up on your enquiry.',
    ),
  };
  return { page_data };
}
