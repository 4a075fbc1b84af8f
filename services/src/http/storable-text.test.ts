import express from 'express';
import supertest from 'supertest';
import { errorHandler } from './errors';
import { refuseUnstorableText } from './storable-text';

function app() {
  return express()
    .use(express.json(), refuseUnstorableText)
    .post('/echo', (req, res) => {
      res.json(req.body);
    })
    .use(errorHandler);
}

const post = (body: unknown) =>
  supertest(app())
    .post('/echo')
    .send(body as object);

describe('refuseUnstorableText', () => {
  it.each([
    [{ name: 'Ada\u0000' }, 'name must not contain the NUL character'],
    [
      { employee: { notes: ['fine', 'half \udc00 of one'] } },
      'employee.notes[1] must be valid Unicode text (it holds half of a character)',
    ],
    [{ reason: '\ud83c' }, 'reason must be valid Unicode text (it holds half of a character)'],
    [{ 'bad\u0000key': 'value' }, 'field names must not contain the NUL character'],
    [['\u0000'], '[0] must not contain the NUL character'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const reply = await post(body).expect(400);
    expect(reply.body).toEqual({ message });
  });

  it('lets through text Postgres stores: accents, emoji with their pairs, control characters other than NUL', async () => {
    const body = {
      name: 'Zoë Ångström',
      reason: 'Beach 🏖️ 👩‍👩‍👧‍👦',
      notes: 'tab\there',
      nested: [{ n: 1, ok: true, none: null }],
    };
    const reply = await post(body).expect(200);
    expect(reply.body).toEqual(body);
  });
});
