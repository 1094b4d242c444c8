/*
 * Folio: progressive enhancement for pagers (no framework, CSP-safe).
 *
 * Without this file every title is a submit button of a plain form: the
 * server selects the page and redirects. With it:
 *  - a title click flips data-selected at once (the indicator slides via the
 *    generated pager.css), scrolls the track, and posts the form with
 *    fetch + HX-Request; the returned fragment is merged into the section
 *    (so running transitions and scroll positions survive) and the URL is
 *    pushed from HX-Push-Url;
 *  - back/forward re-select the page of that history entry;
 *  - swiping the scroll-snap track posts `scroll` (offset, width) at scroll end;
 *    on a cross-dissolve pager (no track to scroll) a swipe selects the
 *    neighbouring page like its title;
 *    while the drag heads for a page never shown, that page's content is
 *    fetched from its read-only `panel` URL, so it is there before the finger
 *    lifts (the server records it as shown only at the settle's post);
 *  - roving tabindex with Left/Right/Home/End (mirrored in RTL); Enter/Space
 *    activate through the buttons' own click (manual activation);
 *  - a live pager's changed panels and tab badges arrive over its event
 *    stream and are swapped in place;
 *  - a wall screen's view (`?rotate`, a playlist) moves on to its next page
 *    by itself, and a kiosk keeps the screen awake (its own section below).
 */
(() => {
  'use strict';

  const installed = Symbol.for('folio.js');
  if (window[installed]) return; // the fragment may be included more than once
  window[installed] = true;

  const PAGER = 'section.folio-pager[data-pager]';
  const TAB = '.folio-title[role="tab"]';
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const enhanced = new WeakSet();
  const requests = new WeakMap(); // section -> sequence number of its latest post
  const settleTimers = new WeakMap();
  // track -> { index, until, retries }: the page a scroll started by this
  // script is heading to. Its scroll ends are not swipes, also when a layout
  // change (a panel's content arriving) stopped it half-way: then it is
  // resumed. User input on the track, or 3 s, cancels it.
  const heading = new WeakMap();
  const glides = new WeakMap(); // title bar -> { target, frame } of its running glide
  const dragFetches = new WeakMap(); // section -> indices of the pages this drag fetched ahead
  const fetchingAhead = new WeakSet(); // panels whose content is on its way ahead of a click

  const tabsOf = (section) => Array.from(section.querySelectorAll(`.folio-titles ${TAB}`));
  const panelsOf = (section) => Array.from(section.querySelectorAll('.folio-track > .folio-panel'));
  const selectedOf = (section) => Number(section.dataset.selected) || 0;
  const dissolves = (section) => section.dataset.transition === 'crossDissolve';

  /**
   * Shows `index` as selected right away: tabs, roving tabindex, panels.
   * `smooth`: a user's choice, so a scrolling title bar glides to the tab
   * while the indicator slides (both move with the bar's content, so the
   * indicator never sits under a tab it does not belong to); on load and in
   * answers the bar is placed at once.
   */
  function applySelection(section, index, smooth) {
    const tabs = tabsOf(section);
    if (index < 0 || index >= tabs.length) return;
    clearDrag(section);
    section.dataset.selected = String(index);
    section.dataset.selectedKey = tabs[index].value;
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', i === index ? 'true' : 'false');
      tab.tabIndex = i === index ? 0 : -1;
    });
    panelsOf(section).forEach((panel, i) => {
      panel.hidden = false; // the track swipes through every page
      panel.inert = i !== index; // off-screen pages are out of the tab order
    });
    revealTab(section, tabs[index], smooth);
  }

  /**
   * fit layout: keeps the selected (or focused) tab inside the scrolling bar,
   * centred. Smooth, the bar glides with the indicator's own duration and
   * easing (ease-out), frame by frame: the indicator's slide and the bar's
   * scroll then add up to a steady motion from the old tab to the new one,
   * and it never leaves the bar.
   */
  function revealTab(section, tab, smooth) {
    const bar = tab.closest('.folio-titles');
    if (!bar || bar.scrollWidth <= bar.clientWidth + 1) return;
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const delta = tabBox.left + tabBox.width / 2 - (barBox.left + barBox.width / 2);
    const range = bar.scrollWidth - bar.clientWidth;
    const rtl = getComputedStyle(bar).direction === 'rtl';
    // RTL scrolls from 0 down to -range.
    const target = Math.min(rtl ? 0 : range, Math.max(rtl ? -range : 0, bar.scrollLeft + delta));
    const gliding = glides.get(bar);
    if (gliding && Math.abs(gliding.target - target) < 1) return; // already on its way there
    if (gliding) cancelAnimationFrame(gliding.frame);
    glides.delete(bar);
    if (Math.abs(target - bar.scrollLeft) <= 0.5) return;
    const indicator = section.querySelector('.folio-indicator');
    const duration = indicator ? seconds(getComputedStyle(indicator).transitionDuration) * 1000 : 0;
    if (!smooth || reducedMotion.matches || duration <= 0) {
      bar.scrollLeft = target;
      return;
    }
    const from = bar.scrollLeft;
    const started = performance.now();
    const step = (now) => {
      const progress = Math.min(1, Math.max(0, (now - started) / duration));
      bar.scrollLeft = from + (target - from) * easeOut(progress);
      if (progress < 1) glides.set(bar, { target, frame: requestAnimationFrame(step) });
      else glides.delete(bar);
    };
    glides.set(bar, { target, frame: requestAnimationFrame(step) });
  }

  /** The first duration of a computed `transition-duration` ("0.3s, 0.3s"), in seconds. */
  function seconds(text) {
    const first = String(text).split(',')[0].trim();
    const value = parseFloat(first);
    if (!Number.isFinite(value)) return 0;
    return first.endsWith('ms') ? value / 1000 : value;
  }

  /** CSS `ease-out`, cubic-bezier(0, 0, 0.58, 1), at time `t` in [0, 1]. */
  function easeOut(t) {
    // Solve x(u) = t for the curve parameter u by bisection, then return y(u).
    const x = (u) => 3 * (1 - u) * u * u * 0.58 + u * u * u;
    const y = (u) => 3 * (1 - u) * u * u + u * u * u;
    let low = 0;
    let high = 1;
    for (let i = 0; i < 24; i += 1) {
      const mid = (low + high) / 2;
      if (x(mid) < t) low = mid;
      else high = mid;
    }
    return y((low + high) / 2);
  }

  /**
   * A title bar that scrolls says so: `data-overflow` names the edges with
   * titles beyond them (`start`, `end`, `both`, or none), and the stylesheet
   * fades those edges. Physical offsets, so RTL's negative scrollLeft works.
   */
  function markOverflow(bar) {
    const children = bar.querySelectorAll(TAB);
    if (!children.length || bar.scrollWidth <= bar.clientWidth + 1) {
      delete bar.dataset.overflow;
      return;
    }
    const box = bar.getBoundingClientRect();
    const first = children[0].getBoundingClientRect();
    const last = children[children.length - 1].getBoundingClientRect();
    const rtl = getComputedStyle(bar).direction === 'rtl';
    const leftHidden = Math.min(first.left, last.left) < box.left - 1;
    const rightHidden = Math.max(first.right, last.right) > box.right + 1;
    const start = rtl ? rightHidden : leftHidden;
    const end = rtl ? leftHidden : rightHidden;
    const overflow = start && end ? 'both' : start ? 'start' : end ? 'end' : '';
    if (overflow) bar.dataset.overflow = overflow;
    else delete bar.dataset.overflow;
  }

  /** A vertical wheel over a scrolling title bar scrolls it sideways. */
  function wheelBar(event) {
    const bar = event.currentTarget;
    if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
    if (bar.scrollWidth <= bar.clientWidth + 1) return;
    const rtl = getComputedStyle(bar).direction === 'rtl';
    const gliding = glides.get(bar);
    if (gliding) cancelAnimationFrame(gliding.frame); // the reader takes over
    glides.delete(bar);
    const before = bar.scrollLeft;
    // Down (or forward) moves toward the titles at the end: right in LTR, left in RTL.
    const step = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    bar.scrollLeft = before + (rtl ? -step : step);
    // At the end of the bar the page scrolls as usual.
    if (bar.scrollLeft !== before) event.preventDefault();
  }

  /** Scrolls the track so panel `index` fills it (physical offsets: RTL-safe). */
  function scrollTrack(section, index, smooth) {
    if (dissolves(section)) return;
    const track = section.querySelector('.folio-track');
    const panel = panelsOf(section)[index];
    if (!track || !panel) return;
    const delta = panel.getBoundingClientRect().left - track.getBoundingClientRect().left;
    if (Math.abs(delta) <= 0.5) {
      // Already there, but a smooth scroll this script started elsewhere
      // may not have moved yet: stop it, or it lands there and reads as a swipe.
      const current = heading.get(track);
      if (current && current.index !== index) track.scrollTo({ left: track.scrollLeft, behavior: 'auto' });
      heading.delete(track);
      return;
    }
    const animated = smooth && !reducedMotion.matches;
    const current = heading.get(track);
    if (animated && current && current.index === index && current.until > performance.now()) return;
    if (animated) {
      heading.set(track, { index, until: performance.now() + 3000, retries: current ? current.retries : 0 });
    } else {
      heading.delete(track); // an instant scroll is done when scrollTo returns
    }
    // scrollTo, not scrollBy: a relative scroll stops at the next snap point
    // (scroll-snap-stop: always), an absolute one goes to the page asked for.
    track.scrollTo({ left: track.scrollLeft + delta, behavior: animated ? 'smooth' : 'auto' });
  }

  /**
   * While the reader drags the track, the indicator (and the selected
   * title's colour) follow the drag: between page i and i + 1, at fraction
   * f of the way, the indicator's start and width are (1 - f) of title i's
   * and f of title i + 1's (`data-indicator-left` and `-width`, CSS lengths
   * from the server, mixed in `calc()`), as Parchment and XLPagerTabStrip do.
   * Scrolls this script started (a click) are left to the stylesheet's slide.
   */
  function followDrag(section, track) {
    if (dissolves(section) || heading.has(track)) return;
    const width = track.clientWidth;
    const tabs = tabsOf(section);
    const indicator = section.querySelector('.folio-indicator');
    if (width <= 0 || !indicator || tabs.length < 2) return;
    const position = Math.min(tabs.length - 1, Math.max(0, Math.abs(track.scrollLeft) / width));
    const from = Math.min(tabs.length - 2, Math.floor(position));
    const fraction = position - from;
    const atRest = Math.abs(position - Math.round(position)) < 0.002;
    if (atRest && Math.round(position) === selectedOf(section)) {
      clearDrag(section);
      return;
    }
    // The direction is known: the page the drag heads for, never one further.
    const selected = selectedOf(section);
    if (position !== selected) fetchAhead(section, position > selected ? selected + 1 : selected - 1);
    const mix = (name) => {
      const a = tabs[from].dataset[name];
      const b = tabs[from + 1].dataset[name];
      return a && b ? `calc((${a}) * ${(1 - fraction).toFixed(4)} + (${b}) * ${fraction.toFixed(4)})` : '';
    };
    const left = mix('indicatorLeft');
    const size = mix('indicatorWidth');
    if (!left || !size) return;
    indicator.style.transition = 'none';
    indicator.style.insetInlineStart = left;
    indicator.style.width = size;
    tabs.forEach((tab, i) => {
      const share = i === from ? 1 - fraction : i === from + 1 ? fraction : 0;
      tab.style.color = share > 0
        ? `color-mix(in srgb, var(--folio-selected-title) ${(share * 100).toFixed(1)}%, var(--folio-title))`
        : 'var(--folio-title)';
    });
  }

  /**
   * A drag heads for page `index`: if its panel is still the placeholder,
   * its content is fetched now from the page's `panel` URL, which changes
   * nothing on the server (the reader may still snap back). Once per page
   * per drag; on failure the skeleton stays, and the settle's click loads the
   * page as it would have anyway. Shown with `data-prefetched`: content the
   * server has not recorded as loaded.
   */
  async function fetchAhead(section, index) {
    const tab = tabsOf(section)[index];
    const panel = panelsOf(section)[index];
    if (!tab || !panel || !tab.dataset.href || panel.dataset.loaded === 'true') return;
    let fetched = dragFetches.get(section);
    if (!fetched) {
      fetched = new Set();
      dragFetches.set(section, fetched);
    }
    if (fetched.has(index) || fetchingAhead.has(panel)) return;
    fetched.add(index);
    fetchingAhead.add(panel);
    markWaiting(panel);
    const url = new URL(tab.dataset.href, location.href);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/panel`;
    url.search = '';
    url.hash = '';
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const html = await response.text();
      // A click's answer may have brought the page meanwhile.
      if (panel.dataset.loaded === 'true') return;
      const content = document.createElement('div');
      content.innerHTML = html;
      content.dataset.liveState = response.headers.get('Folio-Live-State') || '';
      showContent(panel, content, true);
      panel.dataset.prefetched = 'true';
    } catch (error) {
      // The settle's click, if it is on its way, clears the wait with its answer.
      if (panel.dataset.loaded !== 'true' && selectedOf(section) !== index) clearWaiting(panel);
    } finally {
      fetchingAhead.delete(panel);
    }
  }

  /**
   * Puts a page's content (the children of `source`) into its panel. Content
   * taking the place of the placeholder fades in when `fades` (a
   * cross-dissolve already faded to the placeholder; a drag shows it
   * mid-swipe), unless motion is reduced.
   */
  function showContent(panel, source, fades) {
    const arriving = panel.dataset.loaded !== 'true';
    clearWaiting(panel);
    if (panel.innerHTML !== source.innerHTML) panel.replaceChildren(...source.childNodes);
    setLiveState(panel, source.dataset.liveState || ''); // the event the server says this content is
    refreshRelativeTimes(panel);
    panel.dataset.loaded = 'true';
    if (arriving && fades && !reducedMotion.matches) {
      panel.classList.add('folio-arrived');
      panel.addEventListener('animationend', () => panel.classList.remove('folio-arrived'), { once: true });
    }
  }

  /** Hands the indicator and the titles' colours back to the stylesheet; the next drag may fetch again. */
  function clearDrag(section) {
    dragFetches.delete(section);
    const indicator = section.querySelector('.folio-indicator');
    if (indicator) {
      indicator.style.removeProperty('transition');
      indicator.style.removeProperty('inset-inline-start');
      indicator.style.removeProperty('width');
    }
    for (const tab of tabsOf(section)) tab.style.removeProperty('color');
  }

  /** A title cut short with an ellipsis (equal tabs too narrow) shows whole in its tab's tooltip. */
  function markCutTitles(section) {
    for (const tab of tabsOf(section)) {
      const label = tab.querySelector('.folio-title-label');
      if (!label) continue;
      if (label.scrollWidth > label.clientWidth + 1) tab.title = label.textContent;
      else tab.removeAttribute('title');
    }
  }

  function enhance(section) {
    if (enhanced.has(section)) return;
    enhanced.add(section);
    refreshRelativeTimes(section);
    applySelection(section, selectedOf(section));
    scrollTrack(section, selectedOf(section), false);
    const dragged = section.querySelector('.folio-track');
    if (dragged) {
      let queued = false;
      dragged.addEventListener('scroll', () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          followDrag(section, dragged);
        });
      }, { passive: true });
    }
    const bar = section.querySelector('.folio-titles');
    if (bar) {
      markOverflow(bar);
      markCutTitles(section);
      bar.addEventListener('scroll', () => markOverflow(bar), { passive: true });
      bar.addEventListener('wheel', wheelBar, { passive: false });
      if ('ResizeObserver' in window) {
        new ResizeObserver(() => {
          markOverflow(bar);
          markCutTitles(section);
        }).observe(bar);
      }
    }
    const track = section.querySelector('.folio-track');
    if (!track) return;
    if (dissolves(section)) followSwipes(section, track);
    const userScrolls = () => heading.delete(track);
    for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown']) {
      track.addEventListener(type, userScrolls, { passive: true });
    }
    if (!('onscrollend' in window)) {
      // No scrollend: settle 150 ms after the last scroll event.
      track.addEventListener('scroll', () => {
        clearTimeout(settleTimers.get(track));
        settleTimers.set(track, setTimeout(() => trackSettled(track), 150));
      }, { passive: true });
    }
  }

  function remember(section, index) {
    const state = Object.assign({}, history.state && history.state.folio);
    state[section.id] = index;
    return { folio: state };
  }

  /** Posts a select or scroll form as htmx would and merges the answer. */
  async function post(section, url, fields, push) {
    const form = section.querySelector('form.folio-head');
    // The page the server shows: its `from`, which the click does not move.
    const fromInput = form && form.elements.namedItem('from');
    const shownKey = fromInput ? fromInput.value : '';
    const shown = Math.max(0, tabsOf(section).findIndex((tab) => tab.value === shownKey));
    const body = new URLSearchParams();
    // csrf, from (the page shown: a first click starts its session there)
    // and return (the embedding page, if any) travel as the plain form has them.
    const hidden = form ? form.querySelectorAll('input[type="hidden"]') : [];
    for (const input of hidden) body.set(input.name, input.value);
    const returnInput = form && form.elements.namedItem('return');
    const embedded = Boolean(returnInput && returnInput.value);
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    // When the click was made: if a slow network delivers an earlier click
    // after this one, the server keeps this one (the last click made wins).
    body.set('clickedAt', (performance.timeOrigin + performance.now()).toFixed(3));
    const sequence = (requests.get(section) || 0) + 1;
    requests.set(section, sequence);
    const chosen = selectedOf(section);
    const target = tabsOf(section)[chosen];
    markWaiting(panelsOf(section)[chosen]);
    const retry = () => {
      applySelection(section, chosen, true);
      scrollTrack(section, chosen, true);
      post(section, url, fields, push);
    };
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'HX-Request': 'true', 'HX-Current-URL': location.href },
        body,
        credentials: 'same-origin',
      });
    } catch (error) {
      // The network failed (offline, the server unreachable): navigating
      // would replace the dashboard with the browser's error page. Keep the
      // page on the selection the server has, say so, offer to try again.
      if (requests.get(section) === sequence) unreachable(section, shown, retry);
      return;
    }
    try {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      clearNotice(section);
      const html = await response.text();
      if (requests.get(section) !== sequence) return; // a newer click won
      const fresh = parseSection(html, section.id);
      if (!fresh) throw new Error('no pager in the answer');
      const live = merge(section, fresh);
      followLive(live, section);
      const pushURL = response.headers.get('HX-Push-Url');
      const tab = tabsOf(live)[selectedOf(live)];
      const next = pushURL && pushURL !== 'false' ? pushURL : tab && tab.dataset.href;
      const state = remember(live, selectedOf(live));
      // Included in a portal's page (a return target): the portal's address stays.
      if (push && !embedded && next && new URL(next, location.href).href !== location.href) {
        history.pushState(state, '', next);
      } else {
        history.replaceState(state, '');
      }
    } catch (error) {
      // The page's canonical URL selects it too: let the browser go there.
      if (requests.get(section) === sequence && target && target.dataset.href) {
        location.assign(target.dataset.href);
      }
    }
  }

  // What the notice says, in the page's language (Chinese or English).
  const NOTICES = {
    zh: { unreachable: '无法连接服务器，未能切换页面。', retry: '重试', loading: '正在载入……', updated: '已更新：' },
    en: { unreachable: 'The server could not be reached; the page was not changed.', retry: 'Try again',
          loading: 'Loading…', updated: 'Updated:' },
  };

  function notices() {
    const lang = (document.documentElement.lang || 'en').toLowerCase();
    return lang.startsWith('zh') ? NOTICES.zh : NOTICES.en;
  }

  /**
   * A panel whose content the answer brings: busy for assistive technology,
   * with a line saying so over the placeholder's skeleton.
   */
  function markWaiting(panel) {
    if (!panel || panel.dataset.loaded === 'true' || panel.getAttribute('aria-busy') === 'true') return;
    panel.setAttribute('aria-busy', 'true');
    const line = document.createElement('p');
    line.className = 'folio-panel-wait';
    line.setAttribute('role', 'status');
    line.textContent = notices().loading;
    panel.replaceChildren(line);
  }

  function clearWaiting(panel) {
    if (panel.getAttribute('aria-busy') !== 'true') return;
    panel.removeAttribute('aria-busy');
    const line = panel.querySelector(':scope > .folio-panel-wait');
    if (line) line.remove();
  }

  /** Puts the selection back where the server has it and shows why, with a retry. */
  function unreachable(section, shown, retry) {
    panelsOf(section).forEach(clearWaiting);
    applySelection(section, shown, true);
    scrollTrack(section, shown, true);
    clearNotice(section);
    const text = notices();
    const notice = document.createElement('div');
    notice.className = 'folio-notice';
    notice.setAttribute('role', 'alert');
    const message = document.createElement('p');
    message.className = 'folio-notice-message';
    message.textContent = text.unreachable;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'folio-notice-retry';
    button.textContent = text.retry;
    button.addEventListener('click', () => {
      clearNotice(section);
      retry();
    });
    notice.append(message, button);
    section.append(notice);
  }

  function clearNotice(section) {
    const old = section.querySelector('.folio-notice');
    if (old) old.remove();
  }

  function parseSection(html, id) {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const found = (id && doc.getElementById(id)) || doc.querySelector(PAGER);
    return found ? document.adoptNode(found) : null;
  }

  /**
   * Brings `section` up to date with the server's `fresh` copy without
   * replacing unchanged nodes, so the sliding indicator, a fade in progress,
   * focus and each panel's scroll position are kept. Returns the live section.
   */
  function merge(section, fresh) {
    const oldTabs = tabsOf(section);
    const newTabs = tabsOf(fresh);
    const oldPanels = panelsOf(section);
    const newPanels = panelsOf(fresh);
    const sameShape = oldTabs.length === newTabs.length
      && oldPanels.length === newPanels.length
      && oldTabs.every((tab, i) => tab.value === newTabs[i].value);
    if (!sameShape) {
      section.replaceWith(fresh);
      enhance(fresh);
      return fresh;
    }
    for (const [name, value] of Object.entries(fresh.dataset)) section.dataset[name] = value;
    // The token may be new (the first click created the session) and `from` moved.
    for (const input of fresh.querySelectorAll('form.folio-head input[type="hidden"]')) {
      const old = section.querySelector(`form.folio-head input[name="${input.name}"]`);
      if (old) old.value = input.value;
    }
    const indicator = fresh.querySelector('.folio-indicator');
    const oldIndicator = section.querySelector('.folio-indicator');
    if (indicator && oldIndicator) {
      oldIndicator.dataset.left = indicator.dataset.left || '';
      oldIndicator.dataset.width = indicator.dataset.width || '';
    }
    newPanels.forEach((panel, i) => {
      const old = oldPanels[i];
      clearWaiting(old);
      if (panel.dataset.loaded === 'true') {
        showContent(old, panel, dissolves(section));
        delete old.dataset.prefetched; // the server has it loaded now
      } else if (old.dataset.loaded === 'true' && !old.dataset.prefetched) {
        old.replaceChildren(); // unloaded past the cache limit
        old.dataset.loaded = 'false';
        setLiveState(old, '');
      }
    });
    // Smooth: the bar may still be gliding to the tab; jumping it now would tear.
    applySelection(section, selectedOf(section), true);
    scrollTrack(section, selectedOf(section), true);
    return section;
  }

  /** Title click (mouse, touch, or Enter/Space on the focused button). */
  function select(section, index) {
    const tabs = tabsOf(section);
    if (index < 0 || index >= tabs.length) return;
    if (index === selectedOf(section)) {
      scrollTrack(section, index, true); // the current page: nothing to ask (seed 002)
      return;
    }
    applySelection(section, index, true);
    scrollTrack(section, index, true);
    post(section, section.dataset.selectAction || section.querySelector('form').action,
      { page: tabs[index].value }, true);
  }

  /**
   * crossDissolve: the track does not scroll, so a horizontal swipe (48 px,
   * or a fifth of a narrower track, and mostly sideways) selects the
   * neighbouring page as its title would, and the page dissolves. Towards
   * the start edge (right to left in LTR) is the next page; mirrored in RTL.
   */
  function followSwipes(section, track) {
    let start = null;
    track.addEventListener('touchstart', (event) => {
      const touch = event.touches.length === 1 ? event.touches[0] : null;
      start = touch && { x: touch.clientX, y: touch.clientY };
    }, { passive: true });
    track.addEventListener('touchcancel', () => { start = null; }, { passive: true });
    track.addEventListener('touchend', (event) => {
      const touch = start && event.changedTouches[0];
      const from = start;
      start = null;
      if (!touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < Math.min(48, track.clientWidth / 5) || Math.abs(dx) < 2 * Math.abs(dy)) return;
      const forwards = getComputedStyle(section).direction === 'rtl' ? dx > 0 : dx < 0;
      select(section, selectedOf(section) + (forwards ? 1 : -1));
    }, { passive: true });
  }

  /** A swipe ended: the page under the track becomes the selection. */
  function trackSettled(track) {
    const section = track.closest(PAGER);
    if (!section || dissolves(section) || !section.dataset.scrollAction) return;
    const width = track.clientWidth;
    if (width <= 0) return;
    const count = panelsOf(section).length;
    const index = Math.min(count - 1, Math.max(0, Math.round(Math.abs(track.scrollLeft) / width)));
    const own = heading.get(track);
    if (own && own.until > performance.now()) {
      if (own.index === index) {
        heading.delete(track);
      } else if (own.retries < 3) {
        own.retries += 1;
        own.until = 0; // let scrollTrack start again
        scrollTrack(section, own.index, true);
      }
      return;
    }
    heading.delete(track);
    if (index === selectedOf(section)) return;
    applySelection(section, index, true);
    // Report the snapped offset, so offset / width is exactly the page index.
    post(section, section.dataset.scrollAction, { offset: index * width, width }, true);
  }

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const tab = event.target instanceof Element ? event.target.closest(TAB) : null;
    const section = tab && tab.closest(PAGER);
    if (!section) return;
    event.preventDefault();
    enhance(section);
    select(section, Number(tab.dataset.index));
  });

  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tab = event.target instanceof Element ? event.target.closest(TAB) : null;
    const section = tab && tab.closest(PAGER);
    if (!section) return;
    const tabs = tabsOf(section);
    const i = tabs.indexOf(tab);
    const rtl = getComputedStyle(tab).direction === 'rtl';
    let next;
    switch (event.key) {
      case 'ArrowRight': next = rtl ? i - 1 : i + 1; break;
      case 'ArrowLeft': next = rtl ? i + 1 : i - 1; break;
      case 'Home': next = 0; break;
      case 'End': next = tabs.length - 1; break;
      default: return; // Enter and Space click the button: manual activation
    }
    event.preventDefault();
    next = (next + tabs.length) % tabs.length;
    tabs[next].focus();
    revealTab(section, tabs[next], true);
  });

  // scrollend does not bubble: listen in the capture phase.
  document.addEventListener('scrollend', (event) => {
    const track = event.target;
    if (track instanceof Element && track.classList.contains('folio-track')) trackSettled(track);
  }, true);

  window.addEventListener('popstate', (event) => {
    const saved = (event.state && event.state.folio) || {};
    let unknown = false;
    document.querySelectorAll(PAGER).forEach((section) => {
      const tabs = tabsOf(section);
      let index = tabs.findIndex((tab) => tab.dataset.href
        && new URL(tab.dataset.href, location.href).pathname === location.pathname);
      if (index < 0 && typeof saved[section.id] === 'number') index = saved[section.id];
      if (index < 0) { unknown = true; return; }
      if (index === selectedOf(section)) return;
      applySelection(section, index, true);
      scrollTrack(section, index, true);
      post(section, section.dataset.selectAction, { page: tabs[index].value }, false);
    });
    if (unknown) location.reload();
  });

  /*
   * Live pagers (a section with data-events-url): one EventSource per
   * section, asking for the panels of the pages it has loaded (and every
   * badge). A changed panel is swapped in place (a page of tiles only in
   * the tiles that changed): its scroll position and the focused element
   * stay, and the change is announced politely, at
   * most every ANNOUNCE_MS. The stream is closed while the document is
   * hidden and opened again when shown, from the last event seen, so the
   * server sends what was missed (or a snapshot). A dropped stream comes
   * back after 1 s, 2 s, 4 s ... up to 30 s.
   */
  const ANNOUNCE_MS = 10000;
  const liveStreams = new WeakMap(); // section -> { source, lastId, pages, failures, timer }
  const liveSections = new Set();

  const loadedKeys = (section) => panelsOf(section)
    .filter((panel) => panel.dataset.loaded === 'true').map((panel) => panel.dataset.key);

  function openLive(section) {
    const url = section.dataset.eventsUrl;
    if (!url || typeof EventSource !== 'function') return;
    let live = liveStreams.get(section);
    if (!live) {
      live = { source: null, lastId: section.dataset.eventId || '', pages: '', failures: 0, timer: 0 };
      liveStreams.set(section, live);
    }
    liveSections.add(section);
    closeLive(section);
    if (document.visibilityState === 'hidden') return;
    live.pages = loadedKeys(section).join(',');
    const query = new URLSearchParams({ pages: live.pages });
    if (live.lastId) query.set('after', live.lastId);
    const source = new EventSource(`${url}?${query}`);
    live.source = source;
    const seen = (event) => {
      if (event.lastEventId) live.lastId = event.lastEventId;
      live.failures = 0;
    };
    source.addEventListener('page', (event) => {
      seen(event);
      applyLive(section, [JSON.parse(event.data)], event.lastEventId);
    });
    source.addEventListener('snapshot', (event) => {
      seen(event);
      applyLive(section, JSON.parse(event.data).pages || [], '');
    });
    source.addEventListener('reload', () => followReload(section)); // see "Reload" below
    source.addEventListener('error', () => {
      if (live.source !== source) return;
      // Our own backoff, not the browser's: it stops for good on some failures.
      closeLive(section);
      const delay = Math.min(30000, 1000 * 2 ** live.failures) * (0.8 + Math.random() * 0.4);
      live.failures += 1;
      live.timer = setTimeout(() => openLive(section), delay);
    });
  }

  function closeLive(section) {
    const live = liveStreams.get(section);
    if (!live) return;
    clearTimeout(live.timer);
    if (live.source) live.source.close();
    live.source = null;
  }

  /** After an answer: a section that was replaced, or loaded a page, asks again. */
  function followLive(section, previous) {
    if (previous !== section && liveStreams.has(previous)) {
      liveStreams.set(section, liveStreams.get(previous));
      closeLive(previous);
      liveSections.delete(previous);
      openLive(section);
      return;
    }
    const live = liveStreams.get(section);
    if (live && live.source && live.pages !== loadedKeys(section).join(',')) openLive(section);
  }

  /*
   * Each loaded panel knows which event left it as it is (data-live-state,
   * from a page event's id, a snapshot's `state`, or the panel route's
   * Folio-Live-State header), or that it does not know. A page of tiles'
   * change may carry only the tiles that changed since the page's
   * previous event (`base`): it applies only to a panel in exactly that
   * state; any other panel (loaded before, or after a missed event) is
   * fetched whole, so no panel ever shows tiles of two states.
   */
  const liveFetches = new WeakMap(); // panel -> { fetching, again }

  const liveOf = (panel) => {
    let live = liveFetches.get(panel);
    if (!live) {
      live = { fetching: false, again: false };
      liveFetches.set(panel, live);
    }
    return live;
  };

  // Whether event id `later` comes after `earlier` in the same run's stream.
  function comesAfter(later, earlier) {
    const cut = (id) => [id.slice(0, id.lastIndexOf('-')), Number(id.slice(id.lastIndexOf('-') + 1))];
    const [laterRun, laterNumber] = cut(later);
    const [earlierRun, earlierNumber] = cut(earlier);
    return laterRun === earlierRun && laterNumber > earlierNumber;
  }

  /** `id` is the page event's, '' for a snapshot (whose pages say their own `state`). */
  function applyLive(section, changes, id) {
    const updated = [];
    for (const change of changes) {
      const tab = tabsOf(section).find((candidate) => candidate.value === change.page);
      const badge = tab && tab.querySelector('.folio-badge');
      if (badge && 'badge' in change) {
        const count = change.badge === null ? '' : String(change.badge);
        badge.textContent = count;
        badge.hidden = !change.badge; // hidden at zero, as the server draws it
        const label = tab.querySelector('.folio-badge-label');
        if (label) label.textContent = change.badge ? `${count} ${label.dataset.noun}` : '';
      }
      const panel = panelsOf(section).find((candidate) => candidate.dataset.key === change.page);
      if (!panel || panel.dataset.loaded !== 'true') continue;
      const title = tab ? tab.querySelector('.folio-title-label').textContent : change.page;
      const state = id || change.state || '';
      const shown = panel.dataset.liveState;
      // Fetched already as this change left it, or as a later one did.
      if (state && shown && (shown === state || comesAfter(shown, state))) continue;
      const applied = change.base && change.tiles && shown === change.base
        ? applyTileChange(panel, change) : null;
      if (typeof change.html === 'string') {
        if (replacePanel(panel, change.html)) updated.push(title);
        setLiveState(panel, state);
      } else if (applied !== null) {
        if (applied) updated.push(title);
        setLiveState(panel, state);
      } else if (change.fetch && tab) {
        setLiveState(panel, '');
        fetchLive(section, panel, `${tab.dataset.href}/panel`, title); // too big, or not its state
      }
    }
    if (updated.length) announce(section, updated);
  }

  function setLiveState(panel, state) {
    if (state) panel.dataset.liveState = state;
    else delete panel.dataset.liveState;
  }

  /**
   * Fetches the panel whole, one request at a time per panel; a change that
   * could not be applied meanwhile asks once more when it is in. A change
   * applied meanwhile gave the panel a state: the answer replaces it only
   * when the server says it is a later one.
   */
  async function fetchLive(section, panel, url, title) {
    const live = liveOf(panel);
    if (live.fetching) {
      live.again = true;
      return;
    }
    live.fetching = true;
    try {
      do {
        live.again = false;
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) break;
        const html = await response.text();
        const state = response.headers.get('Folio-Live-State') || '';
        const shown = panel.dataset.liveState;
        if (shown && !(state && comesAfter(state, shown))) continue;
        if (replacePanel(panel, html)) announce(section, [title]);
        setLiveState(panel, state);
      } while (live.again);
    } catch (error) {
      // Offline: the next change or snapshot tries again.
    } finally {
      live.fetching = false;
    }
  }

  /**
   * Swaps a panel's content, keeping its scroll position and focus; a page
   * of tiles is swapped tile by tile (below). False when nothing changed.
   */
  function replacePanel(panel, html) {
    const fresh = document.createElement('template');
    fresh.innerHTML = html;
    const tiles = replaceTiles(panel, fresh.content);
    if (tiles !== null) return tiles;
    if (fresh.innerHTML === panel.innerHTML) return false;
    const { scrollTop, scrollLeft } = panel;
    const focused = panel.contains(document.activeElement) && document.activeElement !== panel
      ? pathTo(panel, document.activeElement) : null;
    panel.replaceChildren(fresh.content);
    refreshRelativeTimes(panel);
    panel.scrollTop = scrollTop;
    panel.scrollLeft = scrollLeft;
    if (focused) {
      const again = follow(panel, focused);
      (again && again.focus ? again : panel).focus({ preventScroll: true });
    }
    return true;
  }

  // The element's id, else its child indices from the panel.
  function pathTo(root, element) {
    if (element.id) return { id: element.id };
    const steps = [];
    for (let node = element; node && node !== root; node = node.parentElement) {
      steps.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return { steps };
  }

  function follow(root, path) {
    if (path.id) return root.querySelector(`#${CSS.escape(path.id)}`);
    let node = root;
    for (const step of path.steps) node = node && node.children[step];
    return node;
  }

  /*
   * A page of tiles (a `.folio-tiles` grid of `article.folio-tile`) changes
   * tile by tile: a tile whose markup is the same stays the same element,
   * so nothing in it moves; a changed tile is replaced by its new markup
   * with what the reader did to it carried over: which <details> are open
   * (a chart's data table, a cut table cell), its regions' scroll offsets
   * and the focus. Relative times (rewritten here every minute) and open
   * details do not count as changes. Tiles follow the new order.
   */
  const TILE_GRID = '.folio-tiles';
  const TILE = 'article.folio-tile[id]';
  const TILE_SCROLLS = '.folio-table-scroll';

  const gridOf = (root) => Array.from(root.children).find((child) => child.matches(TILE_GRID));

  /** True when a tile or what is around them changed, false when none did, null for no page of tiles. */
  function replaceTiles(panel, content) {
    const grid = gridOf(panel);
    const freshGrid = gridOf(content);
    if (!grid || !freshGrid) return null;
    const aroundChanged = replaceAroundGrid(grid, freshGrid);
    return swapTiles(panel, grid, Array.from(freshGrid.children)) || aroundChanged;
  }

  /**
   * Applies a change that carries only the tiles that changed (`tiles`, by
   * id), every tile's id in order (`order`) and, when it changed, what sits
   * around the grid (`before`, `after`): the tiles not sent are the ones
   * shown. Null when the panel lacks the grid or a tile the change keeps.
   */
  function applyTileChange(panel, change) {
    const grid = gridOf(panel);
    if (!grid) return null;
    const shown = new Map();
    for (const tile of grid.children) if (tile.matches(TILE)) shown.set(tile.id, tile);
    const fresh = document.createElement('template');
    fresh.innerHTML = Object.values(change.tiles).join('');
    const sent = new Map();
    for (const tile of fresh.content.children) if (tile.matches(TILE)) sent.set(tile.id, tile);
    const wanted = change.order.map((id) => sent.get(id) || shown.get(id));
    if (wanted.includes(undefined)) return null;
    let aroundChanged = false;
    if ('before' in change) {
      const around = document.createElement('template');
      around.innerHTML = `${change.before}<div class="folio-tiles"></div>${change.after}`;
      const freshGrid = gridOf(around.content);
      if (!freshGrid) return null;
      aroundChanged = replaceAroundGrid(grid, freshGrid);
    }
    return swapTiles(panel, grid, wanted) || aroundChanged;
  }

  /**
   * Puts `wanted` in `grid` in that order: a shown tile among them stays
   * as it is, a fresh tile with a shown tile's id replaces it unless their
   * markup is the same (then the shown one stays). True when a tile changed.
   */
  function swapTiles(panel, grid, wanted) {
    const old = new Map();
    for (const tile of grid.children) if (tile.matches(TILE) && !old.has(tile.id)) old.set(tile.id, tile);
    const active = document.activeElement;
    // Everything is read before anything changes and given back once every
    // tile is in place, so that the page is laid out once, not once a tile.
    const replaced = []; // [shown tile, its replacement, what gives the reader's state back]
    let changed = false;
    const placed = wanted.map((fresh) => {
      const previous = fresh.matches(TILE) ? old.get(fresh.id) : undefined;
      if (previous) old.delete(fresh.id);
      if (previous === fresh) return previous; // a tile the change left as it is
      const shape = shapeOf(fresh);
      if (previous && shownShape(previous) === shape) return previous;
      tileShapes.set(fresh, shape);
      changed = true;
      if (previous) replaced.push([previous, fresh, readerState(previous, active)]);
      return fresh;
    });
    for (const [previous, fresh] of replaced) previous.replaceWith(fresh);
    let lostFocus = false;
    for (const child of Array.from(grid.children)) {
      if (placed.includes(child)) continue;
      changed = true;
      lostFocus = lostFocus || child.contains(active);
      child.remove();
    }
    placed.forEach((tile, index) => {
      if (grid.children[index] !== tile) grid.insertBefore(tile, grid.children[index] || null);
    });
    refreshRelativeTimes(panel);
    for (const [, fresh, restore] of replaced) restore(fresh);
    if (lostFocus) panel.focus({ preventScroll: true });
    return changed;
  }

  /** Swaps what sits beside the grid (a stale-data note) when it changed; the grid stays put. */
  function replaceAroundGrid(grid, freshGrid) {
    const sides = (middle) => {
      const nodes = Array.from(middle.parentNode.childNodes);
      const at = nodes.indexOf(middle);
      return [nodes.slice(0, at), nodes.slice(at + 1)];
    };
    const markup = (nodes) => nodes
      .map((node) => (node.nodeType === Node.ELEMENT_NODE ? node.outerHTML : node.nodeValue)).join('');
    const [before, after] = sides(grid);
    const [freshBefore, freshAfter] = sides(freshGrid);
    if (markup(before) === markup(freshBefore) && markup(after) === markup(freshAfter)) return false;
    [...before, ...after].forEach((node) => node.remove());
    grid.before(...freshBefore);
    grid.after(...freshAfter);
    return true;
  }

  // Shown tile -> its shape as it arrived: the next change compares with it
  // without serializing the tile again (what it leaves out is all that changes).
  const tileShapes = new WeakMap();

  function shownShape(tile) {
    if (!tileShapes.has(tile)) tileShapes.set(tile, shapeOf(tile));
    return tileShapes.get(tile);
  }

  /**
   * A tile's markup as the server drew it, whatever this script and the
   * reader did to it since: its relative times' text and open details left
   * out. On the browser's own serialization, so no copy of the tile is made.
   */
  function shapeOf(tile) {
    return tile.outerHTML
      .replace(/(<time [^>]*data-folio-relative[^>]*>)[^<]*/g, '$1')
      .replace(/(<details\b[^>]*?) open=""/g, '$1');
  }

  /**
   * Reads which details of `tile` are open, its regions' scroll offsets and
   * where the focus is in it; returns the function that gives the same to
   * its replacement, once that is in the document.
   */
  function readerState(tile, active) {
    const open = new Set(detailsKeys(tile).filter(([, details]) => details.open).map(([key]) => key));
    // Not in a closed <details>: asking makes Chromium lay out what it hides
    // (a chart's 720-row table, 20 ms). Only offsets that moved: setting one
    // makes the browser lay the page out there and then.
    const scrolls = Array.from(tile.querySelectorAll(TILE_SCROLLS), (region) => {
      if (region.closest('details:not([open])')) return null;
      return region.scrollLeft || region.scrollTop ? [region.scrollLeft, region.scrollTop] : null;
    });
    const focus = tile.contains(active) ? focusPath(tile, active) : null;
    const panel = tile.closest('.folio-panel'); // the fallback for a focused element the new tile lacks
    return (fresh) => {
      for (const [key, details] of detailsKeys(fresh)) details.open = open.has(key);
      fresh.querySelectorAll(TILE_SCROLLS).forEach((region, index) => {
        if (!scrolls[index]) return;
        [region.scrollLeft, region.scrollTop] = scrolls[index];
      });
      if (!focus) return;
      const root = focus.details ? detailsByKey(fresh, focus.details) : fresh;
      const again = root && follow(root, focus.inside);
      const target = again && again.matches(focus.tag) ? again : panel;
      if (target) target.focus({ preventScroll: true });
    };
  }

  // The focused element by id, else by the <details> it sits in (rows may have
  // come or gone above it), else by position.
  function focusPath(tile, element) {
    const details = element.closest('details');
    const key = details && tile.contains(details)
      && detailsKeys(tile).find(([, candidate]) => candidate === details);
    if (!element.id && key) return { details: key[0], inside: pathTo(details, element), tag: element.localName };
    return { inside: pathTo(tile, element), tag: element.localName };
  }

  const detailsByKey = (tile, key) => (detailsKeys(tile).find(([candidate]) => candidate === key) || [])[1];

  // [key, details] for each <details> of a tile: its class and its summary's
  // full text (a cut cell's title), counted.
  function detailsKeys(tile) {
    const seen = new Map();
    return Array.from(tile.querySelectorAll('details'), (details) => {
      const summary = details.querySelector(':scope > summary');
      const name = `${details.className}\u0000${summary ? summary.title || summary.textContent : ''}`;
      const count = seen.get(name) || 0;
      seen.set(name, count + 1);
      return [`${name}\u0000${count}`, details];
    });
  }

  const announced = new WeakMap(); // section -> { at, waiting: Set, timer }
  function announce(section, titles) {
    let state = announced.get(section);
    if (!state) {
      state = { at: -Infinity, waiting: new Set(), timer: 0 };
      announced.set(section, state);
    }
    titles.forEach((title) => state.waiting.add(title));
    if (state.timer) return;
    const speak = () => {
      state.timer = 0;
      state.at = performance.now();
      let region = section.querySelector(':scope > .folio-live-region');
      if (!region) {
        region = document.createElement('div');
        region.className = 'folio-live-region folio-visually-hidden';
        region.setAttribute('aria-live', 'polite');
        section.append(region);
      }
      region.textContent = `${notices().updated} ${[...state.waiting].join(', ')}`;
      state.waiting.clear();
    };
    const wait = state.at + ANNOUNCE_MS - performance.now();
    if (wait <= 0) speak();
    else state.timer = setTimeout(speak, wait);
  }

  document.addEventListener('visibilitychange', () => {
    for (const section of liveSections) {
      if (!section.isConnected) liveSections.delete(section);
      else if (document.visibilityState === 'hidden') closeLive(section);
      else openLive(section);
    }
  });

  /*
   * Wall screens. A view that rotates (`?rotate=N`, a pager's `rotate`, a
   * playlist) carries <meta name="folio-rotate" content="N" data-next="URL">
   * in its head. Every N seconds the next view is fetched with GET (a
   * rotating view keeps nothing on the server: no session, no selection)
   * and merged in as a click's answer is: the indicator slides and the
   * track scrolls, at once when reduced motion is preferred. A playlist's
   * next pager is a new page (its own stylesheet), so the browser goes there.
   * After the viewer has chosen a page, the pager's rotation goes on from
   * that page. Any interaction (pointer, key, touch, wheel, focus) pauses
   * the rotation; ROTATE_QUIET_MS without one resumes it. A fetch that fails
   * (network down, server restarting) is tried again after 1, 2, 4 ... 30 s
   * and the page stays as it is; once the server answers after
   * ROTATE_RELOAD_AFTER failures in a row the page is loaded afresh there,
   * so a restarted server's new files are used.
   * A kiosk (<meta name="folio-kiosk">) keeps the screen awake where the
   * browser allows (Screen Wake Lock), asking again whenever it is shown.
   */
  const ROTATE_QUIET_MS = 30000;
  const ROTATE_RETRY_MAX_MS = 30000;
  const ROTATE_RELOAD_AFTER = 3;
  const rotation = { seconds: 0, next: '', due: 0, pausedUntil: 0, failures: 0, timer: 0 };

  /** Reads a document's rotation; false when it has none. */
  function readRotation(doc) {
    const meta = doc.querySelector('meta[name="folio-rotate"]');
    const seconds = meta ? Number(meta.content) : 0;
    if (!meta || !(seconds > 0) || !meta.dataset.next) return false;
    rotation.seconds = seconds;
    rotation.next = meta.dataset.next;
    return true;
  }

  function scheduleRotation(delay) {
    clearTimeout(rotation.timer);
    rotation.timer = setTimeout(advanceRotation, Math.max(0, delay));
  }

  /**
   * The next view: the server's, unless it is a page of this pager and the
   * viewer chose another page since (then the page after theirs, with the
   * same query: `rotate`, `kiosk`).
   */
  function nextRotationURL() {
    const next = new URL(rotation.next, location.href);
    const section = document.querySelector(PAGER);
    if (!section) return next.href;
    const tabs = tabsOf(section);
    const pathOf = (tab) => new URL(tab.dataset.href || '', location.href).pathname;
    if (!tabs.some((tab) => pathOf(tab) === next.pathname)) return next.href;
    const tab = tabs[(selectedOf(section) + 1) % tabs.length];
    return new URL(pathOf(tab) + next.search, location.href).href;
  }

  async function advanceRotation() {
    const now = performance.now();
    if (now < rotation.pausedUntil) {
      rotation.due = rotation.pausedUntil;
      scheduleRotation(rotation.pausedUntil - now);
      return;
    }
    const url = nextRotationURL();
    let html;
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      html = await response.text();
    } catch (error) {
      rotation.failures += 1;
      rotation.due = performance.now() + Math.min(ROTATE_RETRY_MAX_MS, 1000 * 2 ** (rotation.failures - 1));
      scheduleRotation(rotation.due - performance.now());
      return;
    }
    if (rotation.failures >= ROTATE_RELOAD_AFTER) {
      location.replace(url);
      return;
    }
    rotation.failures = 0;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const fresh = doc.querySelector(PAGER);
    const section = document.querySelector(PAGER);
    if (!fresh || !section || fresh.dataset.pager !== section.dataset.pager) {
      location.replace(url);
      return;
    }
    const live = merge(section, document.adoptNode(fresh));
    followLive(live, section);
    document.title = doc.title;
    history.replaceState(remember(live, selectedOf(live)), '', url);
    if (!readRotation(doc)) return;
    rotation.due = Math.max(performance.now(), rotation.due + rotation.seconds * 1000);
    scheduleRotation(rotation.due - performance.now());
  }

  function pauseRotation(event) {
    if (event.isTrusted) rotation.pausedUntil = performance.now() + ROTATE_QUIET_MS;
  }

  let wakeLock = null;
  async function keepAwake() {
    if (!navigator.wakeLock || document.visibilityState !== 'visible' || (wakeLock && !wakeLock.released)) return;
    try {
      wakeLock = await navigator.wakeLock.request('screen');
    } catch (error) {
      // Refused (no permission, battery saver): the screen may sleep.
    }
  }

  function startWallScreen() {
    if (document.querySelector('meta[name="folio-kiosk"]')) {
      keepAwake();
      document.addEventListener('visibilitychange', keepAwake);
    }
    if (!readRotation(document)) return;
    for (const type of ['pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin']) {
      document.addEventListener(type, pauseRotation, { capture: true, passive: true });
    }
    rotation.due = performance.now() + rotation.seconds * 1000;
    scheduleRotation(rotation.seconds * 1000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startWallScreen);
  else startWallScreen();

  /*
   * Relative times ("7 min ago") the server wrote as
   * <time data-folio-relative datetime="…">, kept current by the browser's
   * clock with the server's rule (FolioCore TimeText.relative): whole units
   * rounded toward zero, seconds under a minute, minutes under an hour,
   * hours under a day, then days; "now" under a second.
   */
  /*
   * Reload. A new generation of the configuration replaced the one this
   * stream was on (`event: reload`, then the server ends the stream). The
   * pager is fetched as it is now at the selected page (the pager's own URL
   * if that page is gone), its title bar and pages swapped in without a
   * full reload, keeping the selected page and its scroll position, the
   * changed stylesheets relinked, and the stream opened on the new one.
   */
  async function followReload(section) {
    const live = liveStreams.get(section);
    closeLive(section);
    const tab = tabsOf(section)[selectedOf(section)];
    const panel = panelsOf(section)[selectedOf(section)];
    const href = tab && tab.dataset.href;
    if (!live || !href) return;
    const scroll = panel ? { key: panel.dataset.key, top: panel.scrollTop, left: panel.scrollLeft } : null;
    let page = null;
    let moved = false;
    try {
      let response = await fetch(href, { credentials: 'same-origin' });
      if (response.status === 404) {
        moved = true;
        response = await fetch(href.slice(0, href.lastIndexOf('/')) || '/', { credentials: 'same-origin' });
      }
      if (response.ok) page = new DOMParser().parseFromString(await response.text(), 'text/html');
    } catch (error) {
      // Offline: the stream's own backoff tries again below.
    }
    const found = page && (page.getElementById(section.id) || page.querySelector(PAGER));
    if (!found) {
      live.timer = setTimeout(() => openLive(section), 1000);
      return;
    }
    relinkStylesheets(page);
    const fresh = document.adoptNode(found);
    live.lastId = fresh.dataset.eventId || '';
    const bar = (pager) => tabsOf(pager).map((each) => each.outerHTML).join('');
    const sameBar = bar(section) === bar(fresh);
    let current = section;
    if (sameBar) {
      current = merge(section, fresh);
    } else {
      section.replaceWith(fresh);
      enhance(fresh);
      current = fresh;
    }
    if (current !== section) {
      liveStreams.set(current, live);
      liveStreams.delete(section);
      liveSections.delete(section);
    }
    const kept = scroll && panelsOf(current).find((candidate) => candidate.dataset.key === scroll.key);
    if (kept) {
      kept.scrollTop = scroll.top;
      kept.scrollLeft = scroll.left;
    }
    // The selected page is gone: the address names the page the server chose instead.
    const shown = tabsOf(current)[selectedOf(current)];
    const address = moved && shown && shown.dataset.href ? shown.dataset.href : undefined;
    history.replaceState(remember(current, selectedOf(current)), '', address);
    openLive(current);
  }

  /** Points each stylesheet link at the URL `page` gives it (a reload changes their version). */
  function relinkStylesheets(page) {
    const path = (link) => new URL(link.getAttribute('href'), location.href).pathname;
    const links = Array.from(document.querySelectorAll('link[rel="stylesheet"]'));
    for (const fresh of page.querySelectorAll('link[rel="stylesheet"]')) {
      const old = links.find((link) => path(link) === path(fresh));
      if (old && old.getAttribute('href') !== fresh.getAttribute('href')) {
        old.setAttribute('href', fresh.getAttribute('href'));
      }
    }
  }

  const RELATIVE = 'time[data-folio-relative][datetime]';
  const RELATIVE_SECONDS = 30;

  /** Whether a language tag reads Simplified Chinese (as FolioCore's FormatLanguage decides). */
  function isSimplifiedChinese(tag) {
    const [first, ...rest] = tag.toLowerCase().split('-');
    const traditional = rest.includes('hant')
      || (rest.some((subtag) => ['tw', 'hk', 'mo'].includes(subtag)) && !rest.includes('hans'));
    return first === 'zh' && !traditional;
  }

  /** `seconds` (since 1970) against `now` in words, as the server says it. */
  function relativeText(seconds, now, chinese) {
    const difference = seconds - now;
    const magnitude = Math.abs(difference);
    if (magnitude < 1) return chinese ? '现在' : 'now';
    const [count, unit] = magnitude < 60 ? [magnitude, chinese ? '秒' : ' s']
      : magnitude < 3600 ? [magnitude / 60, chinese ? '分钟' : ' min']
        : magnitude < 86400 ? [magnitude / 3600, chinese ? '小时' : ' h']
          : [magnitude / 86400, chinese ? '天' : ' d'];
    const amount = String(Math.floor(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',') + unit;
    if (chinese) return amount + (difference < 0 ? '前' : '后');
    return difference < 0 ? amount + ' ago' : 'in ' + amount;
  }

  function refreshRelativeTimes(root) {
    const now = Date.now() / 1000;
    for (const time of root.querySelectorAll(RELATIVE)) {
      const at = Date.parse(time.getAttribute('datetime'));
      if (Number.isNaN(at)) continue;
      const language = time.closest('[lang]')?.getAttribute('lang') ?? 'en';
      const text = relativeText(at / 1000, now, isSimplifiedChinese(language));
      if (time.textContent !== text) time.textContent = text;
    }
  }
  setInterval(() => refreshRelativeTimes(document), RELATIVE_SECONDS * 1000);

  function start() {
    refreshRelativeTimes(document);
    document.querySelectorAll(PAGER).forEach((section) => {
      enhance(section);
      openLive(section);
      history.replaceState(remember(section, selectedOf(section)), '');
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
