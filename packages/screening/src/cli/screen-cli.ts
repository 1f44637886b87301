/**
 * sanad-screen: screens a customer file against one or more watch lists and writes one JSON line
 * per query, in query order.
 *
 *   sanad-screen --list <format>:<path> [--list …] --queries <file.csv> [--threshold N]
 *                [--max-hits N] [--stop-words <file>] [--variant-words <file.csv>]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { LIST_FORMATS, type ListFormat } from '../importers/import-result';
import { importList } from '../importers/list-importer';
import { sourceFromPath } from '../importers/list-source';
import { ScreeningIndex } from '../matching/screening-index';
import type { ScreeningHit, ScreeningOptions } from '../matching/screening-types';
import { parseCsv } from '@sanad/csv/csv';
import { readQueryFile } from './query-file';

export const USAGE = `Usage: sanad-screen --list <format>:<path> [--list <format>:<path> …] --queries <file.csv> [--threshold N]
       [--max-hits N] [--stop-words <file>] [--variant-words <file.csv>]

Formats: ${LIST_FORMATS.join(', ')}
Query columns: name, dob, nationality, country, gender, father_name, id_number, type (person/organisation)
Writes one JSON line per query: {"query": {…}, "hits": [{"id", "score", "hitType", "name", "list", "explanation"}, …]}`;

export interface CliOutput {
  write(text: string): void;
  error(text: string): void;
}

export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

interface ListArgument {
  format: ListFormat;
  path: string;
}

export function parseListArgument(value: string): ListArgument {
  const colon = value.indexOf(':');
  const format = value.slice(0, Math.max(0, colon));
  const path = value.slice(colon + 1);
  if (colon <= 0 || !path) throw new CliUsageError(`--list takes <format>:<path>, got '${value}'`);
  if (!(LIST_FORMATS as readonly string[]).includes(format))
    throw new CliUsageError(`unknown list format '${format}' (formats: ${LIST_FORMATS.join(', ')})`);
  return { format: format as ListFormat, path };
}

function parseThreshold(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > max)
    throw new CliUsageError(`${flag} takes a number from 0 to ${max}, got '${value}'`);
  return number;
}

async function readWordList(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8'))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

async function readVariantWords(file: string): Promise<Record<string, string>> {
  const variants: Record<string, string> = {};
  for (const {
    fields: [word, canonical],
  } of parseCsv(await readFile(file, 'utf8'))) {
    if (word?.trim() && canonical?.trim()) variants[word.trim()] = canonical.trim();
  }
  return variants;
}

/** The hit as the CLI prints it: the entity itself stays out of the line. */
function toOutputHit(hit: ScreeningHit): Record<string, unknown> {
  return { id: hit.id, score: hit.score, hitType: hit.hitType, name: hit.name, list: hit.list, explanation: hit.explanation };
}

/** Runs the command; returns the exit code (0 success, 1 a list or query file was refused, 2 usage). */
export async function runScreenCli(argv: readonly string[], output: CliOutput): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        list: { type: 'string', multiple: true },
        queries: { type: 'string' },
        threshold: { type: 'string' },
        'max-hits': { type: 'string' },
        'stop-words': { type: 'string' },
        'variant-words': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    output.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if (!values.list?.length || !values.queries) throw new CliUsageError('--list and --queries are required');
    const lists = values.list.map(parseListArgument);
    const threshold = parseThreshold(values.threshold, '--threshold', 100);
    const maxHits = parseThreshold(values['max-hits'], '--max-hits', 10_000);
    const stopWords = values['stop-words'] ? await readWordList(values['stop-words']) : [];
    const variantWords = values['variant-words'] ? await readVariantWords(values['variant-words']) : {};

    const entities = [];
    for (const list of lists) {
      const result = await importList(list.format, await sourceFromPath(list.path));
      entities.push(...result.entities);
      output.error(
        `loaded ${result.entities.length} entities from ${list.format}:${list.path}${result.asOf ? ` (as of ${result.asOf})` : ''}\n`,
      );
    }
    const queries = readQueryFile(await readFile(values.queries, 'utf8'));
    const index = ScreeningIndex.build(entities, { stopWords, variantWords });
    const options: ScreeningOptions = {};
    if (threshold !== undefined) options.threshold = threshold;
    if (maxHits !== undefined) options.maxHits = maxHits;

    let batch = '';
    for (const { row, query } of queries) {
      const hits = query.name.trim() ? index.screen(query, options) : [];
      batch += `${JSON.stringify({ query: row, hits: hits.map(toOutputHit) })}\n`;
      if (batch.length > 1 << 16) {
        output.write(batch);
        batch = '';
      }
    }
    output.write(batch);
    return 0;
  } catch (error) {
    const isUsage = error instanceof CliUsageError;
    output.error(`sanad-screen: ${error instanceof Error ? error.message : String(error)}\n${isUsage ? `${USAGE}\n` : ''}`);
    return isUsage ? 2 : 1;
  }
}
