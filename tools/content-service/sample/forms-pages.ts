// Sales form pages: schedule a demo, talk to sales, talk to the account team and
// the CCM campaign landing page (the last three share one content shape).
import { banner, p, ul, type PageData } from './company-shared.ts';

interface TalkPanel {
  side_content: { heading: string; description: string };
  knowmore_heading: { sub_top_heading: string; heading: string };
  knowmore_section_loop: { image: string; name: string; description: string }[];
}

export function buildScheduleDemo() {
  const page_data: PageData = {
    page_title: 'Schedule a Demo | Veltrix',
    meta_keywords: 'Veltrix demo, tower company software demo, telecom BSS demo, book a demo',
    meta_description:
      'Book a personalised demo of the Veltrix tower company suite, telecom suite or platforms with one of our solution consultants.',
    name: 'Schedule a Demo',
    sub_text: 'See Veltrix in action',
    sub_text2: 'A 45-minute session tailored to your portfolio, your processes and your questions.',
    ...banner('towers'),
  };
  return {
    page_data,
    schedule: {
      side_content: {
        heading: 'What to expect',
        description:
          p('A solution consultant will contact you within one business day to agree the agenda. In the demo we will:') +
          ul(
            'Walk through the modules that matter most to you',
            'Show real workflows using sample data from a comparable business',
            'Answer questions on deployment, integration and pricing',
          ),
      },
    },
  };
}

export function buildTalkToSales() {
  const page_data: PageData = {
    page_title: 'Talk to Sales | Veltrix',
    meta_keywords: 'contact Veltrix sales, tower company software pricing, telecom software quote',
    meta_description: 'Talk to the Veltrix sales team about the tower company suite, telecom suite, platforms and services.',
    name: 'Talk to Our Experts',
    sub_text: 'Let us find the right solution together',
    sub_text2: 'Tell us about your business and we will connect you with the right specialist.',
    ...banner('company'),
  };
  const talktsales: TalkPanel = {
    side_content: {
      heading: 'Why talk to us?',
      description:
        p(
          'Our sales consultants have worked in tower companies, operators and subscription businesses. They will listen first, then show how Veltrix fits your situation.',
        ) + ul('Honest advice on where to start', 'Indicative pricing and timelines', 'References from comparable customers'),
    },
    knowmore_heading: { sub_top_heading: 'Know more', heading: 'Explore what Veltrix can do for you' },
    knowmore_section_loop: [
      {
        image: 'icons/lease.svg',
        name: 'Tower Company Suite',
        description: p('Lease and contract management, AI-powered asset tracking, revenue management and a unified customer portal.'),
      },
      {
        image: 'icons/revenue.svg',
        name: 'Telecom Suite',
        description: p('Customer care and product management, mediation and provisioning, revenue management and credit control.'),
      },
      {
        image: 'icons/orchestration.svg',
        name: 'Platforms',
        description: p(
          'Integration and orchestration, business process management, customer communication management and subscription billing.',
        ),
      },
    ],
  };
  return { page_data, talktsales };
}

export function buildTalkToAccountTeam() {
  const page_data: PageData = {
    page_title: 'Talk to Your Account Team | Veltrix',
    meta_keywords: 'Veltrix account team, customer success, existing customers, service review',
    meta_description: 'Existing Veltrix customers can schedule time with their account and customer success team.',
    name: 'Talk to Your Account Team',
    sub_text: 'For existing customers',
    sub_text2: 'Plan your next phase, review your services or ask about new modules.',
    ...banner('company'),
  };
  const talk_taccount: TalkPanel = {
    side_content: {
      heading: 'Your account team is here to help',
      description:
        p('Your account manager and customer success manager will schedule a session within two business days. Typical topics include:') +
        ul('Roadmap and upcoming releases', 'Adding modules, sites or business units', 'Service levels and support reviews'),
    },
    knowmore_heading: { sub_top_heading: 'Know more', heading: 'Get more from your Veltrix platform' },
    knowmore_section_loop: [
      {
        image: 'icons/shield.svg',
        name: 'Managed Service Operations',
        description: p('Hand day-to-day operation of your platform to our 24/7 team and focus your people on growth.'),
      },
      {
        image: 'icons/bpm.svg',
        name: 'Business Assurance Program',
        description: p('Regular health checks of your processes, data and configuration, with a prioritised improvement plan.'),
      },
      {
        image: 'icons/portal.svg',
        name: 'Training and Enablement',
        description: p('Role-based training for administrators, power users and new joiners, online or on site.'),
      },
    ],
  };
  return { page_data, talk_taccount };
}

export function buildCampaignCcm() {
  const page_data: PageData = {
    page_title: 'Request a Call Back: Customer Communication Management | Veltrix',
    meta_keywords: 'customer communication management, CCM platform, multichannel statements, bounce-mail tracking, Veltrix CCM',
    meta_description:
      'Personalised bills, statements and notifications on every channel. Request a call back from a Veltrix CCM specialist.',
    name: 'Customer Communication Management',
    sub_text: 'Every message, every channel, every language',
    sub_text2: 'Request a call back and see how operators cut print costs and calls to their contact centre.',
    ...banner('network'),
  };
  const campaignCCM: TalkPanel = {
    side_content: {
      heading: 'Communications your customers actually read',
      description:
        p(
          'The Veltrix CCM platform turns billing and account data into clear, personalised communications on print, e-mail, SMS and messaging apps.',
        ) +
        ul(
          'Reporting on delivery, opens and cost per channel',
          'Full Unicode support for every language',
          'Bounce-mail tracking with automatic channel fallback',
          'Multichannel messaging from one template',
        ),
    },
    knowmore_heading: { sub_top_heading: 'Know more', heading: 'Why operators choose Veltrix CCM' },
    knowmore_section_loop: [
      {
        image: 'icons/ccm.svg',
        name: 'One Template, Every Channel',
        description: p('Design a statement once and deliver it as print, e-mail, SMS or in-app message without rework.'),
      },
      {
        image: 'icons/quote.svg',
        name: 'Bounce-Mail Tracking',
        description: p('Know which messages did not arrive and switch automatically to another channel.'),
      },
      {
        image: 'icons/revenue.svg',
        name: 'Lower Cost to Serve',
        description: p('Operators using Veltrix CCM have cut paper bills by 70% and billing-related calls by almost a fifth.'),
      },
    ],
  };
  return { page_data, campaignCCM };
}
