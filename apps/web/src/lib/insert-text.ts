/** Inserts text over a selection; answers the new value and where the caret goes. */
export function insertText(
  value: string,
  insert: string,
  selectionStart: number | null = value.length,
  selectionEnd: number | null = selectionStart,
): { value: string; caret: number } {
  const clamp = (at: number | null) => Math.min(Math.max(at ?? value.length, 0), value.length);
  const start = clamp(selectionStart);
  const end = Math.max(start, clamp(selectionEnd));
  return { value: value.slice(0, start) + insert + value.slice(end), caret: start + insert.length };
}
