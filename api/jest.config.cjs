// openid-client and oidc-provider (with their jose and oauth4webapi) ship only as ES modules; jest runs CommonJS,
// so these few packages go through the same SWC transform as our sources instead of being skipped.
module.exports = require('../jest.preset.cjs')(__dirname, {
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|oidc-provider|agenda|@agendajs|cron-parser)/)'],
});
