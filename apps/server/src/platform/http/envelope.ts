import { MESSAGES } from '@sanad/contracts/messages';
import { buildPagination, type TPagination } from '@sanad/contracts/http';

export interface Envelope<T> {
  status: true;
  message: string;
  data: T;
}

export interface ListEnvelope<T> extends Envelope<T[]> {
  pagination: TPagination;
}

export function ok<T>(data: T, message: string = MESSAGES.fetched): Envelope<T> {
  return { status: true, message, data };
}

export function okMessage(message: string): { status: true; message: string } {
  return { status: true, message };
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export function okList<T>(page: Page<T>, query: { startAt: number; perPage: number }, message: string = MESSAGES.fetched): ListEnvelope<T> {
  return { status: true, message, data: page.rows, pagination: buildPagination(page.total, query.startAt, query.perPage) };
}
