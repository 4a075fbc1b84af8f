import { isPreviewRefusal } from './previewRefusal';

describe('isPreviewRefusal', () => {
  it('shows what the submission would be refused with: a blackout period (400), an overlap (409)', () => {
    expect(isPreviewRefusal(400)).toBe(true);
    expect(isPreviewRefusal(409)).toBe(true);
  });

  it("leaves a balance's refusal (422) to the dialog's balance line, which states it once", () => {
    expect(isPreviewRefusal(422)).toBe(false);
  });

  it('leaves an ended session, an ended subscription and a server failure to others', () => {
    expect(isPreviewRefusal(401)).toBe(false);
    expect(isPreviewRefusal(402)).toBe(false);
    expect(isPreviewRefusal(500)).toBe(false);
    expect(isPreviewRefusal(0)).toBe(false);
  });
});
