// The service lives with its plugin, below the features (plugins/captcha-service.ts).
export * from '../../plugins/captcha-service';
