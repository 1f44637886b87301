import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fallbackView, rawFileSource, useStoredFile } from './stored-file';

const STORED = 'Q2x1Y2tlZF9uYW1lX29mX2ZpbGU.enc';
const PNG_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
let requests: string[];
let answer: () => Promise<Response>;

function renderStoredFile(value: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useStoredFile(value), { wrapper });
}

beforeEach(() => {
  requests = [];
  answer = () => Promise.reject(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return answer();
  });
  // jsdom has no object URLs: these stand in while the test runs and are removed after it.
  Object.assign(URL, { createObjectURL: () => 'blob:stored-file', revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
});

describe('useStoredFile', () => {
  it('fetches a stored file with the session and shows it by its content type', async () => {
    answer = async () => new Response('png', { status: 200, headers: { 'content-type': 'image/png' } });
    const { result } = renderStoredFile(STORED);
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:stored-file', kind: 'image' }));
    expect(requests).toEqual([expect.stringContaining(`/files/${STORED}`)]);
  });

  it('says the file is not available when the fetch fails and the value is only a key', async () => {
    const { result } = renderStoredFile(STORED);
    await waitFor(() => expect(result.current).toEqual({ status: 'unavailable' }));
    expect(requests).toHaveLength(1);
  });

  it('says the file is not available when the server answers 404', async () => {
    answer = async () => Response.json({ status: false, message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    const { result } = renderStoredFile(STORED);
    await waitFor(() => expect(result.current).toEqual({ status: 'unavailable' }));
  });

  it('shows the raw value an older record kept (an image data URI or an address) without asking the server', () => {
    expect(renderStoredFile(PNG_DATA_URI).result.current).toEqual({ status: 'ready', url: PNG_DATA_URI, kind: 'image' });
    expect(renderStoredFile('https://cdn.example.com/avatars/amina.png').result.current).toEqual({
      status: 'ready',
      url: 'https://cdn.example.com/avatars/amina.png',
      kind: 'image',
    });
    expect(requests).toEqual([]);
  });

  it('shows nothing for no file', () => {
    expect(renderStoredFile(null).result.current).toEqual({ status: 'none' });
    expect(requests).toEqual([]);
  });
});

describe('the raw-value fallback', () => {
  it('takes addresses, paths of this site and image data URIs, and nothing a browser would run or that names no place', () => {
    expect(rawFileSource('/api/files/logo/abc.enc')).toBe('/api/files/logo/abc.enc');
    expect(rawFileSource('http://files.example.com/intro.mp4')).toBe('http://files.example.com/intro.mp4');
    expect(rawFileSource('javascript:alert(1)')).toBeNull();
    expect(rawFileSource('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(rawFileSource('//evil.example.com/x.png')).toBeNull();
    expect(rawFileSource(STORED)).toBeNull();
  });

  it('draws a video address as a video', () => {
    expect(fallbackView('https://files.example.com/intro.mp4')).toEqual({
      status: 'ready',
      url: 'https://files.example.com/intro.mp4',
      kind: 'video',
    });
  });
});
