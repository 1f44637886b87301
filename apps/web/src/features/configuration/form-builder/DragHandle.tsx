import type { DragEvent } from 'react';

/**
 * The grip a field or section is dragged by (native HTML5 drag and drop, mouse and pen). It is left out
 * of the tab order: the up and down buttons beside it are the keyboard's way to move the same item.
 * Its label names what it drags; while dragging, the whole card is the drag image.
 */
export function DragHandle({ label, onDragStart, onDragEnd }: { label: string; onDragStart: () => void; onDragEnd: () => void }) {
  return (
    <span
      role="button"
      tabIndex={-1}
      aria-roledescription="drag handle"
      aria-label={label}
      title={label}
      draggable
      data-drag-handle
      onDragStart={(event: DragEvent<HTMLSpanElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        // Some browsers start a drag only when it carries data.
        event.dataTransfer.setData('text/plain', label);
        const card = event.currentTarget.closest('[data-drag-card]');
        if (card instanceof HTMLElement) event.dataTransfer.setDragImage(card, 12, 12);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: 24,
        height: 28,
        cursor: 'grab',
        userSelect: 'none',
        touchAction: 'none',
        color: 'var(--mantine-color-dimmed)',
        fontSize: 18,
        lineHeight: 1,
      }}
    >
      ⠿
    </span>
  );
}

/** The line showing where a dragged item would land: above or below the item it is drawn on. */
export function DropLine({ edge, gap }: { edge: 'top' | 'bottom'; gap: number }) {
  return (
    <div
      aria-hidden
      data-testid="drop-indicator"
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        [edge]: -(gap / 2) - 2,
        height: 4,
        borderRadius: 2,
        background: 'var(--mantine-color-blue-6)',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    />
  );
}
