import { writeIcalFile } from '../calendar/ical-file';
import type { ExportedLeave } from '../calendar/ical-events';

/** The whole iCal file as calendar software gets it, written into one string. */
export async function icalFileText(
  company: Parameters<typeof writeIcalFile>[0],
  events: ExportedLeave[],
): Promise<string> {
  let text = '';
  await writeIcalFile(company, events, {
    write: (piece) => {
      text += piece;
      return true;
    },
    drained: () => Promise.resolve(),
    destroyed: false,
  });
  return text;
}
