import type { Page } from 'playwright-core';

/**
 * The overlap check of the approver's cards, by geometry: at one scroll position, every action
 * bar's box against every card's title, tool line and command (the call's view) — its own card
 * included. Boxes are read in the page, in viewport coordinates, for everything rendered (on
 * screen or not), so a bar drawn over a header anywhere is found.
 */
export interface Overlap {
  bar: string;
  part: string;
  card: string;
  area: number;
}

export async function actionBarOverlaps(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    const box = (element: Element) => element.getBoundingClientRect();
    const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="request"]')];
    const parts: { card: string; part: string; rect: DOMRect }[] = [];
    for (const card of cards)
      for (const part of ['card-head', 'tool-line', 'badge', 'arguments'])
        for (const element of card.querySelectorAll(`[data-testid="${part}"]`))
          parts.push({ card: card.dataset.interactionId ?? '?', part, rect: box(element) });
    const found: { bar: string; part: string; card: string; area: number }[] = [];
    for (const card of cards)
      for (const bar of card.querySelectorAll(
        '[data-testid="action-bar"], [data-testid="confirm"], .deny-form',
      )) {
        const a = box(bar);
        for (const { card: other, part, rect: b } of parts) {
          const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (width > 0.5 && height > 0.5)
            found.push({ bar: card.dataset.interactionId ?? '?', part, card: other, area: width * height });
        }
      }
    return found;
  });
}

/** Scrolls the page (its scrolling element) through `steps` evenly spaced positions, top to bottom. */
export async function scrollPositions(page: Page, steps: number): Promise<number[]> {
  const max = await page.evaluate(
    () => document.scrollingElement!.scrollHeight - document.scrollingElement!.clientHeight,
  );
  return Array.from({ length: steps }, (_, index) => Math.round((max * index) / Math.max(1, steps - 1)));
}

export async function scrollTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => document.scrollingElement!.scrollTo(0, y), top);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
