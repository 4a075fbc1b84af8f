import { ApiRequestError, submissionError } from './apiError';

describe(submissionError.name, () => {
  const inputs = { start_date: '', end_date: '' };

  it("puts the server's message on the input it named when the form has it", () => {
    const refused = new ApiRequestError(400, { message: 'End date must not be before start date', field: 'end_date' });
    expect(submissionError(refused, 'Could not send', inputs)).toEqual({
      message: 'End date must not be before start date',
      onInput: { end_date: 'End date must not be before start date' },
    });
  });

  it('keeps the message for the form when the named input is not one of its own, or none is named', () => {
    const elsewhere = new ApiRequestError(409, { message: 'Overlaps your leave', field: 'employee_id' });
    expect(submissionError(elsewhere, 'Could not send', inputs)).toEqual({
      message: 'Overlaps your leave',
      onInput: undefined,
    });
    expect(submissionError(new TypeError('Failed to fetch'), 'Could not send', inputs)).toEqual({
      message: 'Could not send',
      onInput: undefined,
    });
  });
});
