// Company sample pages: contact, partners, events and the advisory board.
import { buildTeamMembers } from './pages.ts';
import { banner, p, type PageData } from './company-shared.ts';

function mapIframe(place: string, lat: number, lng: number): string {
  const pb = `!1m18!1m12!1m3!1d2483.1!2d${lng}!3d${lat}!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2z${encodeURIComponent(place)}!5e0!3m2!1sen!2suk!4v1767225600000`;
  return `<iframe src="https://www.google.com/maps/embed?pb=${pb}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" referrerpolicy="no-referrer-when-downgrade" title="Map: ${place}"></iframe>`;
}

export function buildContactUs() {
  const page_data: PageData = {
    page_title: 'Contact Veltrix | Offices in London, Pune, Johannesburg and Dallas',
    meta_keywords: 'contact Veltrix, Veltrix offices, Halcombe Group London, telecom software sales contact',
    meta_description:
      'Get in touch with Veltrix. Offices in the UK, India, South Africa and the USA, and regional hubs in Dubai, Singapore and Nairobi.',
    name: 'Contact Us',
    sub_text: 'We would love to hear from you',
    sub_text2: 'Talk to our sales, delivery or support teams at the office nearest to you.',
    ...banner('company'),
  };
  const office = (title: string, lines: string[], email: string, phone: string, lat: number, lng: number) => ({
    title,
    contact_detail:
      p(`<strong>${lines[0]}</strong><br>${lines.slice(1).join('<br>')}`) +
      p(`Tel: <a href="tel:${phone.replace(/[^+\d]/g, '')}">${phone}</a><br>E-mail: <a href="mailto:${email}">${email}</a>`),
    google_map_iframe: mapIframe(`${title} office`, lat, lng),
  });
  return {
    page_data,
    contact_data: {
      address: [
        office(
          'London (HQ)',
          ['Veltrix, a Halcombe Group company', 'Halcombe House, 12 Carrow Yard', 'London EC2A 4QX', 'United Kingdom'],
          'hello@veltrix.example',
          '+44 20 7946 0018',
          51.5226,
          -0.0841,
        ),
        office(
          'Pune',
          ['Veltrix Software India Pvt. Ltd.', 'Level 6, Riverside Tech Park, Kalyani Nagar', 'Pune 411006, Maharashtra', 'India'],
          'india@veltrix.example',
          '+91 20 4010 2200',
          18.5489,
          73.9026,
        ),
        office(
          'Johannesburg',
          ['Veltrix South Africa (Pty) Ltd', '3rd Floor, 21 Oxford Parks, Rosebank', 'Johannesburg 2196', 'South Africa'],
          'africa@veltrix.example',
          '+27 11 550 7300',
          -26.1452,
          28.0412,
        ),
        office(
          'Dallas',
          ['Veltrix Inc.', 'Suite 1400, 2100 Ross Avenue', 'Dallas, TX 75201', 'United States'],
          'americas@veltrix.example',
          '+1 214 555 0142',
          32.7876,
          -96.7985,
        ),
      ],
    },
  };
}

interface PartnerSource {
  slug: string;
  name: string;
  category: 1 | 2 | 3;
  text: string;
}

export const PARTNERS: PartnerSource[] = [
  {
    slug: 'northwind-cloud',
    name: 'Northwind Cloud',
    category: 1,
    text: 'Managed cloud infrastructure in twelve regions, hosting Veltrix platforms for customers who need data residency.',
  },
  {
    slug: 'keystone-data',
    name: 'Keystone Data',
    category: 1,
    text: 'Database and analytics technology behind our revenue assurance and reporting modules.',
  },
  {
    slug: 'arclight-vision',
    name: 'Arclight Vision',
    category: 1,
    text: 'Computer-vision models that recognise antennas, radios and cabinets in site photographs for AI-powered asset tracking.',
  },
  {
    slug: 'meridian-payments',
    name: 'Meridian Payments',
    category: 1,
    text: 'Payment gateway connecting subscription billing to cards, wallets and direct debit in more than forty countries.',
  },
  {
    slug: 'brightfield-consulting',
    name: 'Brightfield Consulting',
    category: 2,
    text: 'Telecom transformation consultancy delivering Veltrix migrations and process redesign in Europe.',
  },
  {
    slug: 'sahyadri-systems',
    name: 'Sahyadri Systems',
    category: 2,
    text: 'Pune-based systems integrator with certified teams for BPM and orchestration implementations.',
  },
  {
    slug: 'kopano-digital',
    name: 'Kopano Digital',
    category: 2,
    text: 'Implementation partner for tower companies across Southern and East Africa, from data cleansing to go-live.',
  },
  {
    slug: 'lonestar-integration',
    name: 'Lonestar Integration',
    category: 2,
    text: 'North American integrator connecting Veltrix to ERP, GIS and field-service systems.',
  },
  {
    slug: 'gulfbridge-technologies',
    name: 'Gulfbridge Technologies',
    category: 3,
    text: 'Reseller and first-line support partner for operators and tower companies in the Gulf, working from our Dubai hub.',
  },
  {
    slug: 'straits-telecom-solutions',
    name: 'Straits Telecom Solutions',
    category: 3,
    text: 'Channel partner for South-East Asia, supporting customers alongside our Singapore hub.',
  },
  {
    slug: 'savanna-networks',
    name: 'Savanna Networks',
    category: 3,
    text: 'Distributor of Veltrix subscription billing and CCM for service providers in Kenya, Uganda and Tanzania.',
  },
];

const PARTNER_COLORS = [
  '#0b3c5d',
  '#2d6a4f',
  '#6a040f',
  '#3a0ca3',
  '#7f4f24',
  '#03045e',
  '#5f0f40',
  '#14213d',
  '#004e64',
  '#1b263b',
  '#9a031e',
];

/** Small text logos for the partner tiles (one file per partner, well under 1 KB each). */
export function buildPartnerLogos(): Record<string, string> {
  const out: Record<string, string> = {};
  PARTNERS.forEach(({ slug, name }, i) => {
    const color = PARTNER_COLORS[i % PARTNER_COLORS.length];
    out[`partners/${slug}.svg`] = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${name}">`,
      '<rect width="240" height="120" rx="10" fill="#fff"/>',
      `<circle cx="42" cy="60" r="22" fill="${color}"/>`,
      `<text x="74" y="66" font-family="Helvetica,Arial,sans-serif" font-size="16" font-weight="700" fill="${color}">${name}</text>`,
      '</svg>',
      '',
    ].join('\n');
  });
  return out;
}

export function buildPartners() {
  const page_data: PageData = {
    page_title: 'Partners | Veltrix Technology, Implementation and Channel Partners',
    meta_keywords: 'Veltrix partners, technology partners, implementation partners, channel partners, reseller',
    meta_description:
      'Veltrix works with technology, implementation and channel partners worldwide to deliver complete solutions for tower companies and operators.',
    name: 'Our Partners',
    sub_text: 'Stronger together',
    sub_text2: 'Technology, implementation and channel partners who help our customers succeed.',
    ...banner('network'),
  };
  const category_list = [
    { id: 1, name: 'Technology Partners' },
    { id: 2, name: 'Implementation Partners' },
    { id: 3, name: 'Channel Partners' },
  ];
  return {
    page_data,
    partner_data: {
      category_list,
      partners: PARTNERS.map(({ slug, name, category, text }) => ({
        category_id: category,
        name,
        image_path: `partners/${slug}.svg`,
        image_dialog_path: `partners/${slug}.svg`,
        description:
          p(text) +
          p(
            `${name} is ${['a technology', 'an implementation', 'a channel'][category - 1]} partner of Veltrix. Contact our partner team at partners@veltrix.example to learn more about joint solutions.`,
          ),
        partnersURL: `https://www.${slug}.example/`,
      })),
    },
  };
}

export function buildEvents() {
  const page_data: PageData = {
    page_title: 'Events and Webinars | Veltrix',
    meta_keywords: 'Veltrix events, telecom conferences, tower industry events, webinars',
    meta_description:
      'Meet Veltrix at industry conferences and join our webinars on tower company operations, telecom billing and automation.',
    name: 'Events',
    sub_text: 'Meet us in person and online',
    sub_text2: 'Conferences, roundtables and webinars where our experts share what they have learnt.',
    ...banner('congress'),
  };
  const ev = (category_id: 24 | 25 | 26, image_path: string, title: string, date: string, location: string, slug: string) => ({
    category_id,
    image_path,
    title,
    date,
    location,
    eventsURL: `https://events.veltrix.example/${slug}`,
  });
  return {
    page_data,
    event_data: {
      category_list: [
        { id: 24, name: 'Upcoming Events' },
        { id: 25, name: 'Webinars' },
        { id: 26, name: 'Past Events' },
      ],
      events: [
        ev(
          24,
          'banners/congress-desktop.svg',
          'Mobile Congress Barcelona 2026: Hall 5, Booth 5C31',
          '2026-03-02',
          'Fira Gran Via, Barcelona',
          'mobile-congress-2026',
        ),
        ev(
          24,
          'blog/tower-assets.svg',
          'TowerXchange Meetup Africa',
          '2026-05-19',
          'Johannesburg, South Africa',
          'towerxchange-africa-2026',
        ),
        ev(
          24,
          'blog/revenue-analytics.svg',
          'Connected Infrastructure Summit',
          '2026-06-09',
          'London, United Kingdom',
          'connected-infrastructure-summit-2026',
        ),
        ev(24, 'blog/orchestration.svg', 'Telco Cloud Forum Asia', '2026-09-15', 'Singapore', 'telco-cloud-forum-asia-2026'),
        ev(
          25,
          'blog/cloud-billing.svg',
          'Webinar: Billing Every Tenancy Right the First Time',
          '2026-04-16',
          'Online',
          'webinar-billing-every-tenancy',
        ),
        ev(
          25,
          'blog/customer-portal.svg',
          'Webinar: Tenant Self-Service with a Unified Customer Portal',
          '2026-05-07',
          'Online',
          'webinar-tenant-self-service',
        ),
        ev(
          25,
          'blog/messaging.svg',
          'Webinar: Multichannel Customer Communication at Scale',
          '2026-06-18',
          'Online',
          'webinar-multichannel-ccm',
        ),
        ev(
          26,
          'blog/field-force.svg',
          'Tower Operations Roundtable Dubai',
          '2025-11-12',
          'Dubai, United Arab Emirates',
          'tower-operations-roundtable-dubai-2025',
        ),
        ev(26, 'blog/security.svg', 'Operator Security and Compliance Day', '2025-10-02', 'Pune, India', 'security-compliance-day-2025'),
        ev(
          26,
          'products/case-study.svg',
          'Subscription Economy Forum',
          '2025-09-23',
          'Dallas, United States',
          'subscription-economy-forum-2025',
        ),
      ],
    },
  };
}

export function buildAdvisoryBoard() {
  const page_data: PageData = {
    page_title: 'Advisory Board | Veltrix',
    meta_keywords: 'Veltrix advisory board, industry advisors, Halcombe Group',
    meta_description: 'Meet the independent advisors who bring regulatory, investment, operational and subscription expertise to Veltrix.',
    name: 'Advisory Board',
    sub_text: 'Independent perspective, practical experience',
    sub_text2: 'Industry leaders who challenge and guide our strategy.',
    ...banner('company'),
    content:
      p(
        'Our advisory board brings together people who have regulated networks, invested in infrastructure, run operators and built subscription businesses. They meet with our leadership team every quarter to review strategy, product direction and the needs of our customers.',
      ) + p('Their independent view helps us stay focused on what matters most to tower companies, operators and their investors.'),
  };
  return { page_data, team: buildTeamMembers().filter((m) => m.type === 'Advisory Board') };
}
