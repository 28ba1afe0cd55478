import { opensCardPage } from './card-click';

function cardWith(html: string): HTMLElement {
  const card = document.createElement('article');
  card.innerHTML = html;
  document.body.replaceChildren(card);
  return card;
}

const click = (
  target: Element,
  extra: Partial<{ defaultPrevented: boolean; button: number }> = {},
) => ({
  defaultPrevented: false,
  button: 0,
  target,
  ...extra,
});

describe(opensCardPage.name, () => {
  it("opens the page from the post's text and its empty space", () => {
    const card = cardWith('<p><span id="word">Hello</span> world</p>');
    expect(opensCardPage(click(card.querySelector('#word')!), '')).toBe(true);
    expect(opensCardPage(click(card), '')).toBe(true);
  });

  it('leaves links, buttons, fields, menus and forms to themselves', () => {
    const card = cardWith(
      '<p><a href="/x"><b id="in-link">x</b></a></p><button><svg id="icon"></svg></button>' +
        '<form><div id="in-form"></div></form><div role="menuitem" id="item"></div>',
    );
    for (const id of ['in-link', 'icon', 'in-form', 'item']) {
      expect(opensCardPage(click(card.querySelector(`#${id}`)!), '')).toBe(false);
    }
  });

  it('keeps text selection possible, and other buttons and taken clicks alone', () => {
    const card = cardWith('<p id="text">Select me</p>');
    const text = card.querySelector('#text')!;
    expect(opensCardPage(click(text), 'Select')).toBe(false);
    expect(opensCardPage(click(text, { button: 1 }), '')).toBe(false);
    expect(opensCardPage(click(text, { defaultPrevented: true }), '')).toBe(false);
  });
});
