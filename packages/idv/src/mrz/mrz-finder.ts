import { limitGraySize, rotateGray, type GrayImage } from '../image/raster';
import type { Component } from '../image/connected-components';
import type { TextRecognizer } from '../ocr/tesseract-engine';
import { locateMrz, type MrzLocation } from './mrz-locator';
import { startMrzReading, type MrzReading, type MrzReadingOptions } from './mrz-reader';

export interface FoundMrz {
  /** Quarter turns clockwise that make the document upright. */
  turns: number;
  location: MrzLocation;
  reading: MrzReading;
}

/** Every MRZ layout pads with '<'; two is a margin for fillers the shape test misses. */
const MIN_FILLERS = 2;
/**
 * Glyphs on every line of a zone read even when the shape test finds no filler: in small, soft
 * print (8 px capitals, blurred) a chevron scaled up is a blob, yet two or three stacked lines of 28
 * or more evenly pitched glyphs are an MRZ's geometry, which printed fields hardly ever show. Such a
 * zone is kept only if the recogniser then reads fillers in it.
 */
const MIN_GLYPHS_WITHOUT_FILLERS = 28;

function isRegularZone(location: MrzLocation): boolean {
  return location.lines.every((line) => line.components.length >= MIN_GLYPHS_WITHOUT_FILLERS);
}

/** Locating works on a reduced copy; reading crops from the full image. */
const LOCATE_SIDE = 1400;
/**
 * Second try, only when nothing was found at LOCATE_SIDE: the decoded picture as it is (at most
 * 2000 px, see image-decoder), where 8 px glyphs stay over the locator's 5 px minimum.
 */
const LARGE_LOCATE_SIDE = 2000;

function locateBothWays(image: GrayImage): Array<{ turns: number; location: MrzLocation }> {
  return [0, 1]
    .map((turns) => ({ turns, location: locateMrz(rotateGray(image, turns)) }))
    .filter((entry): entry is { turns: number; location: MrzLocation } => entry.location !== null)
    .toSorted((a, b) => b.location.score - a.location.score);
}

function scaleComponent(component: Component, factor: number): Component {
  return {
    x: component.x * factor,
    y: component.y * factor,
    width: component.width * factor,
    height: component.height * factor,
    area: component.area * factor * factor,
  };
}

function scaleLocation(location: MrzLocation, factor: number): MrzLocation {
  if (factor === 1) return location;
  const box = (value: { x: number; y: number; width: number; height: number }) => ({
    x: value.x * factor,
    y: value.y * factor,
    width: value.width * factor,
    height: value.height * factor,
  });
  return {
    ...location,
    box: box(location.box),
    charHeight: location.charHeight * factor,
    lines: location.lines.map((line) => ({
      box: box(line.box),
      charHeight: line.charHeight * factor,
      components: line.components.map((component) => scaleComponent(component, factor)),
    })),
  };
}

function countValidDigits(reading: MrzReading): number {
  return Object.values(reading.best?.parsed.checkDigits ?? {}).filter(Boolean).length;
}

/**
 * Finds the MRZ in any orientation and reads it. Lines are looked for upright and turned a quarter;
 * the orientation that shows them is then read both ways up (an MRZ upside down is still a set of
 * horizontal lines), starting with the one that puts the zone at the bottom, where documents print
 * it. The first pass of each decides which orientation gets the remaining passes. `ink` is the
 * same picture as each pixel's brightest channel (see toInkGray): read as an extra variant.
 */
export async function findAndReadMrz(
  gray: GrayImage,
  recognizer: TextRecognizer,
  ink?: GrayImage,
  options: MrzReadingOptions = {},
): Promise<FoundMrz | null> {
  let { image: small, scale } = limitGraySize(gray, LOCATE_SIDE);
  let located = locateBothWays(small);
  // A large photograph with a small zone: at the reduced size its glyphs fall under five pixels.
  if (located.length === 0 && scale < 1) {
    ({ image: small, scale } = limitGraySize(gray, LARGE_LOCATE_SIDE));
    located = locateBothWays(small);
  }
  const first = located[0];
  if (!first) return null;

  const orientedHeight = first.turns % 2 === 0 ? small.height : small.width;
  const centreY = first.location.box.y + first.location.box.height / 2;
  const order = centreY < orientedHeight * 0.45 ? [first.turns + 2, first.turns] : [first.turns, first.turns + 2];

  const prepared = order.flatMap((turns) => {
    const location = turns === first.turns ? first.location : locateMrz(rotateGray(small, turns));
    if (!location) return [];
    const fullLocation = scaleLocation(location, 1 / scale);
    return [
      {
        turns: turns % 4,
        location: fullLocation,
        session: startMrzReading(rotateGray(gray, turns), fullLocation, recognizer, ink && rotateGray(ink, turns), options),
      },
    ];
  });
  // A '<' is a chevron only the right way up: when one orientation shows clearly more filler
  // shapes than the other, it is the upright one and the other is not read at all.
  const fillers = prepared.map((entry) => entry.session.fillerCount ?? 0);
  const most = Math.max(...fillers);
  const isClear = fillers.length === 2 && most >= MIN_FILLERS && most >= 2 * Math.min(...fillers) + 2;
  const candidates = isClear ? prepared.filter((_, index) => fillers[index] === most) : prepared;

  const attempts: typeof prepared = [];
  for (const entry of candidates) {
    // Lines of printed fields can stack like a zone; one without filler glyphs is not read.
    const isShapeless = entry.session.fillerCount === null || entry.session.fillerCount < MIN_FILLERS;
    if (entry.session.fillerCount !== null && isShapeless && !isClear && !isRegularZone(entry.location)) continue;
    await entry.session.readNext();
    attempts.push(entry);
    // Two digits holding on the first pass means the text is the right way up.
    if (countValidDigits(entry.session.result()) >= 2) break;
  }
  const chosen = attempts.toSorted(
    (a, b) => (b.session.result().best?.score ?? -Infinity) - (a.session.result().best?.score ?? -Infinity),
  )[0];
  if (!chosen) return null;
  // Stacked lines of printed fields can look like a zone; a real MRZ shows fillers in the first pass.
  // Or the glyph classifier's own reading satisfies its check digits: small, soft fillers look like
  // C's to the recogniser and fail the chevron test, but printed fields never hold three digits.
  const isZone = (): boolean => hasFillerEvidence(chosen.session.result()) || chosen.session.isConfirmedByClassifier();
  if (!chosen.session.result().best && !isZone()) return null;
  // A zone read on its geometry alone must show the recogniser fillers, whatever it parsed into.
  const fillerCount = chosen.session.fillerCount;
  if (fillerCount !== null && fillerCount < MIN_FILLERS && !isClear && !isZone()) return null;
  while (!chosen.session.isSettled() && (await chosen.session.readNext())) {
    // Further variants add evidence until the digits hold or the variants run out.
  }
  return { turns: chosen.turns, location: chosen.location, reading: chosen.session.result() };
}

/** At least a few '<' read: the zone is an MRZ even if its text could not be made sense of. */
export function hasFillerEvidence(reading: MrzReading): boolean {
  const text = reading.readings.map((entry) => `${entry.text}${entry.guided.join('')}`).join('');
  return (text.match(/</g) ?? []).length >= 5;
}
