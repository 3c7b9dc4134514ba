import { countries, defaultCountry, filterCountries, toE164 } from './phone';

describe('defaultCountry', () => {
  it.each([
    [['pt-BR', 'en-US'], 'BR'],
    [['en', 'de-DE'], 'DE'],
    [['en-GB'], 'GB'],
    [['id_ID'], 'ID'],
    [['en'], 'US'],
    [[], 'US'],
    [undefined, 'US'],
    [['xx-ZZ'], 'US'],
    [['not a tag'], 'US'],
  ])('%j -> %s', (languages, expected) => {
    expect(defaultCountry(languages)).toBe(expected);
  });
});

describe('countries', () => {
  it('lists countries with names and calling codes, sorted by name', () => {
    const list = countries();
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      callingCode: '44',
    });
    const names = list.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('filters by name, ISO code and calling code', () => {
    const list = countries();
    expect(filterCountries(list, 'kingdom').map((c) => c.code)).toEqual(['GB']);
    expect(filterCountries(list, 'br').map((c) => c.code)).toContain('BR');
    expect(filterCountries(list, '+44').map((c) => c.code)).toEqual(
      expect.arrayContaining(['GB', 'JE', 'GG', 'IM']),
    );
    expect(filterCountries(list, '  ')).toHaveLength(list.length);
    expect(filterCountries(list, 'zzzz')).toEqual([]);
  });
});

describe('toE164', () => {
  it.each([
    ['(202) 555-0100', 'US', '+12025550100'],
    ['+44 7911 123456', 'US', '+447911123456'],
    ['07911 123456', 'GB', '+447911123456'],
  ] as const)('accepts %s with %s', (raw, country, expected) => {
    expect(toE164(raw, country)).toBe(expected);
  });

  it.each(['', '   ', '123', 'abc', '+1 202', '9'.repeat(40), '{"$ne":null}'])('refuses %j', (raw) => {
    expect(toE164(raw, 'US')).toBeNull();
  });
});
