import { productionImageEnvironment } from './production-image';

describe(productionImageEnvironment.name, () => {
  it("reads the production image's runtime environment, not the build stages' or the API's own", () => {
    const environment = productionImageEnvironment();
    expect(environment).toMatchObject({
      NODE_ENV: 'production',
      MALLOC_MMAP_THRESHOLD_: expect.stringMatching(/^\d+$/),
    });
    expect(Object.keys(environment)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(npm_config_nodedir|NPM_CONFIG_UPDATE_NOTIFIER|PORT)$/)]),
    );
  });

  it('reads several assignments on one line and lines continued with a backslash', () => {
    const dockerfile = [
      'FROM node:20 AS base',
      'ENV BUILD_ONLY=1',
      'FROM base AS runtime',
      'ENV A=1 B=two \\',
      '    C=/app/c',
      'ENV D=',
      'FROM runtime AS api',
      'ENV PORT=3000',
    ].join('\n');
    expect(productionImageEnvironment(dockerfile)).toEqual({ A: '1', B: 'two', C: '/app/c', D: '' });
  });

  it('refuses a value it would read wrong, and a file without a runtime stage', () => {
    expect(() => productionImageEnvironment('FROM base AS runtime\nENV GREETING="hello world"\n')).toThrow(
      'only unquoted NAME=value is read',
    );
    expect(() => productionImageEnvironment('FROM node:20 AS base\n')).toThrow('no runtime stage');
  });
});
