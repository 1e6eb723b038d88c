// The page_data block every /api/page/* answer carries (schemas/content/common.schema.json).
export interface PageData {
  page_title: string;
  meta_keywords: string;
  meta_description: string;
  name: string;
  sub_text: string;
  sub_text2: string;
  image: string;
  image_mobile: string;
  content?: string;
  content2?: string;
}
