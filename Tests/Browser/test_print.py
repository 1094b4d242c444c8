"""Printed pages stay readable (issue 26, item 5): paper is white and drops
every background not marked `print-color-adjust: exact`, so each piece of
text of the printed pager (its title bar and shown page) is judged against
what really reaches the paper, in the light and the dark colour scheme. The
trial printed /controllers' red page as white text on white paper (1:1), and
a dark-mode visitor's print kept the dark scheme's light-grey text."""

import pytest

from browser_helpers import contrast, over, rgba

AA = 4.5
WHITE = (255.0, 255.0, 255.0, 1.0)

# Every element of the pager's bar and shown panel with text of its own,
# drawn (not display:none), with its colour and the backgrounds that print
# under it, nearest first: an ancestor's background reaches the paper only
# when its print-color-adjust is `exact`.
PRINTED_TEXT = """(key) => {
  const section = document.getElementById(`folio-${key}`);
  const panel = section.querySelector('.folio-track > .folio-panel[aria-labelledby]:not([hidden]):not([inert])');
  const roots = [section.querySelector('.folio-head'), panel];
  const segmented = section.dataset.titleStyle === 'segmented';
  const fill = getComputedStyle(section.querySelector('.folio-indicator')).backgroundColor;
  const found = [];
  for (const root of roots) {
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const own = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const style = getComputedStyle(element);
      if (!own || element.getClientRects().length === 0 || style.visibility !== 'visible') continue;
      const grounds = [];
      for (let e = element; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.printColorAdjust === 'exact') grounds.push(s.backgroundColor);
        // A segmented pager's selected title is drawn on the indicator's fill, a sibling.
        if (segmented && e.matches('.folio-title[aria-selected="true"]')) grounds.push(fill);
      }
      found.push({ text: element.textContent.trim().slice(0, 24), color: style.color, grounds });
    }
  }
  return found;
}"""

CASES = [("controllers", "first"), ("controllers", "second"), ("controllers", "third"),
         ("essence", "all"), ("news", "headline"), ("pageview", "follow")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("key, page_key", CASES)
def test_printed_text_keeps_aa_contrast_on_paper(folio, fresh_page, key, page_key, scheme):
    page = fresh_page("laptop")
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{folio.url}/{key}/{page_key}")
    page.wait_for_load_state("networkidle")
    page.emulate_media(media="print", color_scheme=scheme)
    texts = page.evaluate(PRINTED_TEXT, key)
    assert len(texts) >= 3, f"{key}/{page_key}: too little text found to judge: {texts}"
    low = []
    for text in texts:
        ground = WHITE
        for css in reversed(text["grounds"]):  # the paper first, then each printed layer on it
            ground = over(rgba(page, css), ground)
        ratio = contrast(over(rgba(page, text["color"]), ground), ground)
        if ratio < AA:
            low.append((text["text"], text["color"], round(ratio, 2)))
    assert not low, f"{key}/{page_key} printed in {scheme}: text under {AA}:1 on paper: {low}"
