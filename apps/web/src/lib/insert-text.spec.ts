import { insertText } from './insert-text';

describe(insertText.name, () => {
  it('inserts at the caret', () => {
    expect(insertText('helo', 'l', 2)).toEqual({ value: 'hello', caret: 3 });
  });

  it('replaces a selection', () => {
    expect(insertText('hi there', '🌊', 3, 8)).toEqual({ value: 'hi 🌊', caret: 5 });
  });

  it('appends without a caret, and clamps positions', () => {
    expect(insertText('hi', '!')).toEqual({ value: 'hi!', caret: 3 });
    expect(insertText('hi', '!', null, null)).toEqual({ value: 'hi!', caret: 3 });
    expect(insertText('hi', '!', 99, 120)).toEqual({ value: 'hi!', caret: 3 });
    expect(insertText('hi', '!', 2, 1)).toEqual({ value: 'hi!', caret: 3 });
  });
});
