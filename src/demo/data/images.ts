/**
 * Lead images for the demo articles: one small SVG per category, inlined as a data: URL so the
 * demo needs no network and no extra static route (the CSP allows `img-src data:`). Real
 * content has http(s) image URLs; only those reach Open Graph and JSON-LD.
 */
import type { Article, Category } from '../../shared/records';

export const LEAD_IMAGE_WIDTH = 1200;
export const LEAD_IMAGE_HEIGHT = 630;

const COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  'cat-baking': ['#f4e1c1', '#b5762f'],
  'cat-grilling': ['#3b2f2f', '#e8692c'],
  'cat-vegetables': ['#e3f0d8', '#4f8a2b'],
  'cat-houseplants': ['#d9efe6', '#2e7d5b'],
  'cat-networking': ['#dde7f6', '#2f5fa8'],
  'cat-smartphones': ['#e9e4f5', '#5b45a0'],
  'cat-rail': ['#f1e0dc', '#a23b2a'],
  'cat-packing': ['#f5ecd6', '#8a6a1f'],
};

function escapeSvgText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function leadImageFor(category: Category): NonNullable<Article['image']> {
  const [background, accent] = COLOURS[category._id] ?? ['#eeeeee', '#555555'];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LEAD_IMAGE_WIDTH}" height="${LEAD_IMAGE_HEIGHT}" viewBox="0 0 ${LEAD_IMAGE_WIDTH} ${LEAD_IMAGE_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<circle cx="980" cy="140" r="260" fill="${accent}" opacity=".18"/><circle cx="1080" cy="520" r="170" fill="${accent}" opacity=".28"/>` +
    `<text x="80" y="360" font-family="system-ui,sans-serif" font-size="96" font-weight="700" fill="${accent}">${escapeSvgText(category.name)}</text>` +
    '</svg>';
  return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt: `${category.name} illustration`, width: LEAD_IMAGE_WIDTH, height: LEAD_IMAGE_HEIGHT };
}

/** The articles with their category's lead image. */
export function withLeadImages(articles: readonly Article[], categories: readonly Category[]): Article[] {
  const byId = new Map(categories.map((category) => [category._id, category]));
  return articles.map((article) => {
    const category = article.category ? byId.get(article.category) : undefined;
    return category && !article.image ? { ...article, image: leadImageFor(category) } : article;
  });
}
