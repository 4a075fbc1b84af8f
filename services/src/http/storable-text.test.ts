import express from 'express';
import supertest from 'supertest';
import { generalTexts, MAX_REQUEST_BODY_DEPTH } from '@teamfolk/shared';
import { errorHandler } from './errors';
import { refuseUnstorableBody } from './storable-text';

function app() {
  return express()
    .use(express.json(), refuseUnstorableBody)
    .post('/echo', (req, res) => {
      res.json(req.body);
    })
    .use(errorHandler);
}

const post = (body: unknown) =>
  supertest(app())
    .post('/echo')
    .send(body as object);

describe('refuseUnstorableBody', () => {
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

  const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const postText = (text: string) => supertest(app()).post('/echo').set('Content-Type', 'application/json').send(text);

  it(`takes a body nested ${MAX_REQUEST_BODY_DEPTH} levels deep`, async () => {
    await postText(nestedArrays(MAX_REQUEST_BODY_DEPTH)).expect(200);
    await postText(nestedObjects(MAX_REQUEST_BODY_DEPTH)).expect(200);
  });

  // 4,000 levels was a 500 (the walk recursed past the call stack); 50,000 arrays fill the parser's 100 KB.
  it.each([
    ['arrays', MAX_REQUEST_BODY_DEPTH + 1, nestedArrays],
    ['objects', MAX_REQUEST_BODY_DEPTH + 1, nestedObjects],
    ['arrays', 4_000, nestedArrays],
    ['objects', 16_000, nestedObjects],
    ['arrays', 50_000, nestedArrays],
  ])('answers 400 with a message for %s nested %i levels deep', async (_kind, depth, nested) => {
    const reply = await postText(nested(depth)).expect(400);
    expect(reply.body).toEqual({ message: generalTexts.bodyTooDeep });
  });

  it('reports the first problem in the order of the body: text before a field nested too deep', async () => {
    const reply = await post({ name: 'Ada\u0000', deep: JSON.parse(nestedArrays(100)) as unknown }).expect(400);
    expect(reply.body).toEqual({ message: 'name must not contain the NUL character' });
  });
});
