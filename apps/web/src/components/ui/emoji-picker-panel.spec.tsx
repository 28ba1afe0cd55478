import { EMOJI_CATEGORIES, pickerThemeOf, QUICK_REACTIONS } from './emoji-picker-panel';

describe(pickerThemeOf.name, () => {
  it("maps the app's dark, light and system to the picker's dark, light and auto", () => {
    expect(pickerThemeOf('dark')).toBe('dark');
    expect(pickerThemeOf('light')).toBe('light');
    expect(pickerThemeOf('system')).toBe('auto');
  });
});

describe('the emoji picker configuration', () => {
  it("has the spec's ten categories in its order, and a quick reaction set of seven", () => {
    expect(EMOJI_CATEGORIES).toEqual([
      'suggested',
      'custom',
      'smileys_people',
      'animals_nature',
      'food_drink',
      'travel_places',
      'activities',
      'objects',
      'symbols',
      'flags',
    ]);
    expect(QUICK_REACTIONS).toEqual([
      '1f44d',
      '2764-fe0f',
      '1f602',
      '1f62e',
      '1f622',
      '1f64f',
      '1f525',
    ]);
  });
});
