import { Anchor, Text } from '@mantine/core';

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/** Splits a plain-text body into text and web links; nothing in it is ever rendered as HTML. */
export function splitLinks(text: string): Array<{ kind: 'text' | 'link'; value: string }> {
  return text
    .split(LINK)
    .filter((part) => part !== '')
    .map((part) => ({ kind: /^https?:\/\//.test(part) ? 'link' : 'text', value: part }));
}

/** A message body as it would read in a mail client, its links clickable. */
export function MessageText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.value} target="_blank" rel="noopener noreferrer">
            {part.value}
          </Anchor>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Text>
  );
}
