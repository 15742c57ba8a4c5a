// Drawing a view with its game's layout (js/games/README.md): loading the layout module, the
// helpers it is given, and the drawing itself, which shows the view's fields
// (js/games/generic.js) where the layout throws. The table page draws each view it is sent
// with them, its seat's options on the table; the replayer each frame of a past coup with no
// options at all, so that nothing on it acts.

import { card, hand } from "./cards.js";
import { control } from "./controls.js";
import { clear, el, seatName, usePlace } from "./dom.js";
import * as generic from "./games/generic.js";

// The layout module of `game` (its API name), or the fallback; the page's word for a place
// (a seat, or a box) becomes the layout's.
export async function layoutOf(game) {
  let layout;
  try {
    layout = await import(`./games/${game}.js`);
  } catch {
    layout = generic;
  }
  usePlace(layout.place);
  return layout;
}

// Draw `message.view` as `message.seat` sees it into `container` (emptied first) with
// `layout`. `send(action)`: what a control placed on the table does with its option; without
// it no option is offered (the replayer). `names`: seat -> who holds it; `memory`: the
// layout's own (what its `hear` kept). The helpers given, and the options the layout placed.
export function drawView(layout, message, { container, names, memory, send = null }) {
  const { view, seat } = message;
  const placed = new Set();
  const options = send ? view.legal?.options || [] : [];
  const h = {
    container: clear(container),
    el,
    card,
    hand,
    options,
    find: (test) => options.filter(test),
    control: (option, extra = {}) => {
      placed.add(option);
      return control(option, send, { label: layout.label, ...extra });
    },
    seatName: (s) => seatName(s, names),
    names,
    memory,
    message,
  };
  try {
    layout.render(view, seat, h);
  } catch (error) {
    console.error("the layout failed; showing the view's fields", error);
    placed.clear();
    clear(container);
    generic.render(view, seat, h);
  }
  return { h, placed };
}
