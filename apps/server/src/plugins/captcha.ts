import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createCaptchaService, type CaptchaService } from './captcha-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Human verification (ALTCHA) for sign-in and, later, the public online requests. */
    captcha: CaptchaService;
  }
}

export const captchaPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.decorate('captcha', createCaptchaService(app.db, config));
});
