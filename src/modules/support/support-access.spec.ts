import 'reflect-metadata';
import { INTERCEPTORS_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DOMAIN_MODULES } from '../../app.module.js';
import { SELF_RECORDED, SupportAccessInterceptor } from './support-access.interceptor.js';

describe('support access recording', () => {
  // The interceptor is not global (that would cost every request of the app its pipeline): each /support controller,
  // whichever module owns it, must record its own access or name the interceptor, or its reads would go unrecorded.
  it('covers every /support controller of every module', () => {
    const controllers = DOMAIN_MODULES.flatMap((m) => (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, m) ?? []) as object[]);
    const support = controllers.filter((c) => /^\/?support(\/|$)/.test(String(Reflect.getMetadata(PATH_METADATA, c))));
    expect(support.length).toBeGreaterThanOrEqual(5);
    const uncovered = support.filter(
      (c) =>
        Reflect.getMetadata(SELF_RECORDED, c) !== true &&
        !((Reflect.getMetadata(INTERCEPTORS_METADATA, c) ?? []) as unknown[]).includes(SupportAccessInterceptor),
    );
    expect(uncovered.map((c) => (c as { name: string }).name)).toEqual([]);
  });
});
