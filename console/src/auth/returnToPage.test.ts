import { watchReturnToPage } from './returnToPage';

function fakePage() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let clock = 10_000;
  return {
    events: { window, document, now: () => clock },
    advance: (ms: number) => (clock += ms),
    focus: () => window.dispatchEvent(new Event('focus')),
    show: () => {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hide: () => {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe(watchReturnToPage.name, () => {
  it('should call back when the window regains focus or the page shows again, once per return', () => {
    const page = fakePage();
    const onReturn = jest.fn();
    watchReturnToPage(onReturn, page.events);

    page.focus();
    page.show();
    expect(onReturn).toHaveBeenCalledTimes(1);

    page.advance(30_000);
    page.hide();
    expect(onReturn).toHaveBeenCalledTimes(1);
    page.show();
    expect(onReturn).toHaveBeenCalledTimes(2);

    page.advance(5_000);
    page.focus();
    expect(onReturn).toHaveBeenCalledTimes(3);
  });

  it('should stop watching when asked', () => {
    const page = fakePage();
    const onReturn = jest.fn();
    watchReturnToPage(onReturn, page.events)();
    page.focus();
    page.show();
    expect(onReturn).not.toHaveBeenCalled();
  });
});
