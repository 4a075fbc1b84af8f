import { isOperator, operatorCredentialsOf } from './operator-auth';

const operator = { username: 'operator', password: 'correct horse battery staple' };
const basic = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

describe('isOperator', () => {
  it("should accept the operator's name and password, whatever the case of the scheme", () => {
    expect(isOperator(basic('operator:correct horse battery staple'), operator)).toBe(true);
    expect(isOperator(basic('operator:correct horse battery staple').replace('Basic', 'basic'), operator)).toBe(true);
  });

  it('should accept a password that holds colons and non-ASCII characters', () => {
    const colons = { username: 'opérateur', password: 'a:b:c' };
    expect(isOperator(basic('opérateur:a:b:c'), colons)).toBe(true);
  });

  it('should refuse a wrong password, a wrong name, a missing colon, another scheme or no header', () => {
    expect(isOperator(basic('operator:wrong'), operator)).toBe(false);
    expect(isOperator(basic('someone:correct horse battery staple'), operator)).toBe(false);
    expect(isOperator(basic('operatorcorrect horse battery staple'), operator)).toBe(false);
    expect(isOperator(basic(':'), operator)).toBe(false);
    expect(isOperator('Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig', operator)).toBe(false);
    expect(isOperator('Basic not base64!', operator)).toBe(false);
    expect(isOperator(undefined, operator)).toBe(false);
  });
});

describe('operatorCredentialsOf', () => {
  it('should name the operator only when both settings are present', () => {
    expect(operatorCredentialsOf({ OPS_USERNAME: 'operator', OPS_PASSWORD: 'secret' })).toEqual({
      username: 'operator',
      password: 'secret',
    });
    expect(operatorCredentialsOf({ OPS_USERNAME: undefined, OPS_PASSWORD: undefined })).toBeNull();
  });
});
