/**
 * Whether the patron has moved within the app since the document loaded. On the first screen
 * focus stays where the browser puts it (the skip link is the first Tab); after a move, screens
 * take focus to their heading (issue 24). main.tsx marks the first move.
 */
let navigated = false;

export function markNavigated(): void {
  navigated = true;
}

export function hasNavigated(): boolean {
  return navigated;
}
