// Wires the company, resources and forms sample modules into generated files
// (paths relative to tools/content-service/), merged by generate-sample.ts.
import { buildCareers } from './company-careers.ts';
import { buildAdvisoryBoard, buildContactUs, buildEvents, buildPartnerLogos, buildPartners } from './company-pages.ts';
import { json } from './company-shared.ts';
import { buildCampaignCcm, buildScheduleDemo, buildTalkToAccountTeam, buildTalkToSales } from './forms-pages.ts';
import { buildBrochures, buildDownloadDetails, buildDownloadPage, buildPdfDownloadForm } from './resources-downloads.ts';
import { FAQ_CATEGORIES, buildSupportFaq } from './resources-faq.ts';
import { buildPressCollection, buildPressEvents, buildPressPage, buildPressPosts } from './resources-press.ts';
import { buildWhitepaperPage, buildWhitepapers } from './resources-whitepapers.ts';

export function buildCompanyResourcesSample(): Map<string, string> {
  const files = new Map<string, string>();
  const careers = buildCareers();
  files.set('data/page/careers.json', json(careers.page));
  for (const [slug, detail] of Object.entries(careers.details)) files.set(`data/job_detail/${slug}.json`, json(detail));

  files.set('data/page/contact-us.json', json(buildContactUs()));
  files.set('data/page/partners.json', json(buildPartners()));
  files.set('data/page/events.json', json(buildEvents()));
  files.set('data/page/team-advisory-board.json', json(buildAdvisoryBoard()));

  const press = buildPressCollection();
  files.set('data/page/press-release.json', json(buildPressPage(press)));
  files.set('data/collections/press-releases.json', json(press));
  // 'Read Full Article' / 'View Event Details' lead to /blog/{slug}, read from /api/blog/{slug}.
  for (const [slug, post] of Object.entries(buildPressPosts(press, buildPressEvents()))) files.set(`data/blog/${slug}.json`, json(post));

  files.set('data/page/schedule-a-demo.json', json(buildScheduleDemo()));
  files.set('data/page/talk-to-sales.json', json(buildTalkToSales()));
  files.set('data/page/talk-to-account-team.json', json(buildTalkToAccountTeam()));
  files.set('data/page/campaign-ccm.json', json(buildCampaignCcm()));

  files.set('data/page/download.json', json(buildDownloadPage()));
  for (const [id, detail] of Object.entries(buildDownloadDetails())) files.set(`data/download_detail/${id}.json`, json(detail));
  files.set('data/page/pdf-download-form.json', json(buildPdfDownloadForm()));

  const whitepapers = buildWhitepapers();
  files.set('data/page/white-paper-case-study.json', json(buildWhitepaperPage(whitepapers.collection)));
  files.set('data/collections/whitepapers.json', json(whitepapers.collection));
  for (const [slug, post] of Object.entries(whitepapers.posts)) files.set(`data/whitepaper/${slug}.json`, json(post));

  files.set('data/page/support-faq.json', json(buildSupportFaq('faq-orchestration-platform')));
  for (const { slug } of FAQ_CATEGORIES) files.set(`data/page/support-faq/${slug}.json`, json(buildSupportFaq(slug)));

  for (const [file, svg] of Object.entries(buildPartnerLogos())) files.set(`uploads/${file}`, svg);
  for (const [file, pdf] of Object.entries(buildBrochures())) files.set(`uploads/${file}`, pdf);
  return files;
}
