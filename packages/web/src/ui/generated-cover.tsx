import { useTranslation } from 'react-i18next';

/**
 * Background and text colour per work type (`cod_tipo_obra`), chosen so that the text on each
 * reaches WCAG AA's 4.5:1 (generated-cover.test checks every pair); types past the eighth
 * take the palette again from the start.
 */
export const COVER_PALETTE: readonly { background: string; text: string }[] = [
  { background: '#1d4f91', text: '#ffffff' }, // 1 book: blue
  { background: '#8c2f39', text: '#ffffff' }, // 2 serial: burgundy
  { background: '#2e6b3a', text: '#ffffff' }, // 3 article: green
  { background: '#5c3d8f', text: '#ffffff' }, // 4 thesis: purple
  { background: '#f2c14e', text: '#1a1b1e' }, // 5 score: amber
  { background: '#0b6670', text: '#ffffff' }, // 6 map: teal
  { background: '#9a4a00', text: '#ffffff' }, // 7 video: rust
  { background: '#a8d5c2', text: '#1a1b1e' }, // 8 sound recording: mint
];

/** A title whose type is not known: slate, not one of the types' colours. */
export const UNKNOWN_TYPE_COLOURS = { background: '#374151', text: '#ffffff' } as const;

/** The colours of a work type's generated cover; the same type always gets the same ones. */
export function coverColours(workType: number | null | undefined): { background: string; text: string } {
  if (workType === null || workType === undefined || !Number.isInteger(workType)) return UNKNOWN_TYPE_COLOURS;
  const n = COVER_PALETTE.length;
  return COVER_PALETTE[(((workType - 1) % n) + n) % n]!;
}

/**
 * A line's width in em, from rough advance widths of a wide bold sans-serif (DejaVu Sans, the
 * widest of the usual system fonts): no measuring in the DOM, and a line that fits here fits
 * in Segoe UI, Roboto or San Francisco too.
 */
export function emWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ch === ' ') width += 0.35;
    else if (/[ijl.,:;'!|]/.test(ch)) width += 0.36;
    else if (/[frtI()[\]"-]/.test(ch)) width += 0.52;
    else if (/[mwMW]/.test(ch)) width += 1.05;
    else if (/\p{Lu}/u.test(ch)) width += 0.8;
    else width += 0.72;
  }
  return width;
}

/** `line` with an ellipsis at its end, shortened until both fit. */
function withEllipsis(line: string, maxWidth: number): string {
  let kept = line;
  while (kept && emWidth(`${kept}…`) > maxWidth) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/**
 * Splits `text` into at most `maxLines` lines no wider than `maxWidth` em (see emWidth), at
 * spaces only: a word is never hyphenated (a break in the wrong place, "Administraç-ão", reads
 * worse than none, and where a word may break depends on its language), so a word wider than a
 * line is cut with an ellipsis — GeneratedCover first makes the type small enough that the
 * title's words fit. What does not fit ends the last line with an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (emWidth(word) <= maxWidth ? word : withEllipsis(word, maxWidth)));
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (emWidth(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = withEllipsis(lines[maxLines - 1]!.replace(/…$/, ''), maxWidth);
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** "Freire, Paulo, 1921-1997" → "Freire, Paulo": the heading's dates do not help on a cover. */
const withoutDates = (author: string) => author.replace(/,?\s*\d{3,4}-(\d{3,4})?\.?\s*$/, '').trim();

// The artwork is drawn in a 100 × 142 box (a cover's proportions) and scaled to the size asked.
const BOX = { width: 100, height: 142, left: 12, right: 8 };
const TITLE = { size: 10, lineHeight: 12, lines: 7, top: 20 };
const AUTHOR = { size: 8, lineHeight: 10, lines: 2, bottom: 130 };
/** The width of a line in em of a font of `size`. */
const lineWidth = (size: number) => (BOX.width - BOX.left - BOX.right) / size;
/** The smallest title type: below it a long word is cut rather than the type made smaller. */
const MIN_TITLE_SIZE = 6;

/**
 * The title's type: the usual size, or a smaller one (in half points, down to MIN_TITLE_SIZE)
 * in which its longest word fits a line, as many lines as fit the same height — a long word
 * is never hyphenated (see wrapText).
 */
export function titleType(title: string): { size: number; lineHeight: number; lines: number } {
  const widest = Math.max(0, ...title.split(/\s+/).map(emWidth));
  let size = TITLE.size;
  while (size > MIN_TITLE_SIZE && widest > lineWidth(size)) size -= 0.5;
  const lineHeight = (TITLE.lineHeight * size) / TITLE.size;
  return { size, lineHeight, lines: Math.floor(((TITLE.lines - 1) * TITLE.lineHeight) / lineHeight) + 1 };
}

/**
 * A cover drawn for a title that has none (or whose image fails): its title, author and a colour
 * from its work type, as inline SVG (no request). Named like a cover image ("Capa: …").
 */
export function GeneratedCover({
  title,
  author,
  workType,
  width,
  height,
}: {
  title: string;
  author?: string | null;
  workType?: number | null;
  width: number;
  height: number;
}) {
  const { t } = useTranslation();
  const colours = coverColours(workType);
  const type = titleType(title);
  const titleLines = wrapText(title, lineWidth(type.size), type.lines);
  const authorLines = author ? wrapText(withoutDates(author), lineWidth(AUTHOR.size), AUTHOR.lines) : [];
  const authorTop = AUTHOR.bottom - (authorLines.length - 1) * AUTHOR.lineHeight;
  return (
    <svg
      role="img"
      aria-label={t('search.cover', { title })}
      width={width}
      height={height}
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      preserveAspectRatio="none"
      style={{ flex: 'none', display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {/* Its words are the picture's: the name above says what it is. */}
      <g aria-hidden="true">
        <rect width={BOX.width} height={BOX.height} fill={colours.background} />
        {/* A darker spine, so it reads as a book. */}
        <rect width={6} height={BOX.height} fill="#000000" opacity={0.18} />
        <text x={BOX.left} y={TITLE.top} fill={colours.text} fontSize={type.size} fontWeight={700}>
          {titleLines.map((line, i) => (
            <tspan key={i} x={BOX.left} dy={i === 0 ? 0 : type.lineHeight}>
              {line}
            </tspan>
          ))}
        </text>
        {authorLines.length > 0 && (
          <>
            <rect x={BOX.left} y={authorTop - AUTHOR.size - 6} width={24} height={1.5} fill={colours.text} />
            <text x={BOX.left} y={authorTop} fill={colours.text} fontSize={AUTHOR.size}>
              {authorLines.map((line, i) => (
                <tspan key={i} x={BOX.left} dy={i === 0 ? 0 : AUTHOR.lineHeight}>
                  {line}
                </tspan>
              ))}
            </text>
          </>
        )}
      </g>
    </svg>
  );
}
