import { describe, expect, it } from 'vitest';
import { type JsonSchema, parseList, sanitizeValue, validateValue } from './validate.js';

const message = (value: unknown, schema: JsonSchema) => validateValue(value, schema, 'p')?.message;
const code = (value: unknown, schema: JsonSchema) => validateValue(value, schema, 'p')?.code;

describe('validateValue: the original messages', () => {
  it('bounds, printed as integers', () => {
    expect(message(0, { type: 'integer', minimum: 1 })).toBe('p must be greater than or equal to 1');
    expect(message(1, { type: 'integer', minimum: 1, exclusiveMinimum: true })).toBe('p must be greater than 1');
    expect(message(9, { type: 'number', maximum: 8.5 })).toBe('p must be less than or equal to 8');
    expect(message(5, { type: 'integer', minimum: 1, maximum: 4, exclusiveMaximum: true })).toBe(
      'p must be between 1 (inclusive) and 4 (exclusive)',
    );
    expect(message(3, { type: 'integer', multipleOf: 2 })).toBe('p must be a multiple of 2.');
  });

  it('strings', () => {
    expect(message('', { type: 'string', minLength: 1 })).toBe('p must be at least 1 character long.');
    expect(message('abc', { type: 'string', maxLength: 2 })).toBe('p must be at most 2 characters long.');
    expect(message('abc', { type: 'string', pattern: '^x' })).toBe('p does not match pattern ^x.');
    expect(message('2020-01-01', { type: 'string', format: 'date-time' })).toBe('Invalid date.');
    expect(code('2020-01-01T10:00:00', { type: 'string', format: 'date-time' })).toBeUndefined();
    expect(message('nope', { type: 'string', format: 'uuid' })).toBe('p is not a valid UUID.');
    expect(message('#12', { type: 'string', format: 'hex-color' })).toBe('p is not a valid hex color.');
    expect(message('1.2.3', { type: 'string', format: 'ip' })).toBe('p is not a valid IP address.');
    expect(code('not a uri', { type: 'string', format: 'uri' })).toBeUndefined();
  });

  it('arrays and objects', () => {
    expect(message([], { type: 'array', minItems: 1 })).toBe('p must contain at least 1 item.');
    expect(message([1, 2, 3], { type: 'array', maxItems: 2 })).toBe('p must contain at most 2 items.');
    expect(message('a,a', { type: 'array', uniqueItems: true })).toBe('p has duplicate items.');
    expect(message({}, { type: 'object', required: ['a'] })).toBe('a is a required property of p.');
    expect(message({ b: 1 }, { type: 'object', properties: {}, additionalProperties: false })).toBe(
      'b is not a valid property of Object.',
    );
    expect(message({ a: 'x' }, { type: 'object', properties: { a: { type: 'integer' } } })).toBe('p[a] is not of type integer.');
  });

  it('enums are listed with "and"', () => {
    expect(message('x', { type: 'string', enum: ['a'] })).toBe('p is not a.');
    expect(message('x', { type: 'string', enum: ['a', 'b', 'c'] })).toBe('p is not one of a, b, and c.');
    expect(code('5', { type: 'integer', enum: [5, 6] })).toBeUndefined();
  });

  it('anyOf and oneOf', () => {
    const anyOf = { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } as JsonSchema;
    expect(code('x', anyOf)).toBe('rest_no_matching_schema');
    expect(code('1', anyOf)).toBeUndefined();
    expect(code('1', { oneOf: [{ type: 'integer' }, { type: 'number' }] } as JsonSchema)).toBe('rest_one_of_multiple_matches');
  });

  it('null only as a real null; objects accept an empty string', () => {
    expect(code('', { type: 'null' })).toBe('rest_invalid_type');
    expect(code(null, { type: 'null' })).toBeUndefined();
    expect(code('', { type: 'object' })).toBeUndefined();
  });
});

describe('sanitizeValue', () => {
  it('casts the way the original does', () => {
    expect(sanitizeValue('5.0', { type: 'integer' })).toBe(5);
    expect(sanitizeValue('1e3', { type: 'integer' })).toBe(1000);
    expect(sanitizeValue('0', { type: 'boolean' })).toBe(false);
    expect(sanitizeValue('1, 2', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2]);
    expect(
      sanitizeValue({ a: '1', b: 2 }, { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }),
    ).toEqual({
      a: 1,
    });
  });

  it('parseList splits on commas and whitespace', () => {
    expect(parseList(' a, b  c,,')).toEqual(['a', 'b', 'c']);
    expect(parseList({ 0: 'x', 1: 'y' })).toEqual(['x', 'y']);
  });
});
