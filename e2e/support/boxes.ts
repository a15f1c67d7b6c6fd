import type { Locator } from "playwright-core";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on screen, for what overlaps what. */
export async function screenBoxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element not visible");
  return box;
}

export function doBoxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
