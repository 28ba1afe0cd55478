import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { hasLabels, parseExposition, sampleValue, samplesOf } from './exposition';

const TEXT = [
  '# HELP http_request_duration_seconds Time from a request received to its answer sent.',
  '# TYPE http_request_duration_seconds histogram',
  'http_request_duration_seconds_bucket{le="0.1",service="timeline",route="/tweets/:id"} 1',
  'http_request_duration_seconds_bucket{le="+Inf",service="timeline",route="/tweets/:id"} 2',
  'http_request_duration_seconds_sum{service="timeline",route="/tweets/:id"} 0.35',
  'http_request_duration_seconds_count{service="timeline",route="/tweets/:id"} 2',
  'http_request_duration_seconds_count{service="timeline",route="/tweets"} 5',
  '',
  '# A comment of no kind.',
  'up 1',
  'up{service="search"} 0',
  '',
].join('\n');

describe(parseExposition.name, () => {
  it('gives every sample, in order, with its name, labels and value; comments and blanks left out', () => {
    expect(parseExposition(TEXT)).toEqual([
      {
        name: 'http_request_duration_seconds_bucket',
        labels: { le: '0.1', service: 'timeline', route: '/tweets/:id' },
        value: 1,
      },
      {
        name: 'http_request_duration_seconds_bucket',
        labels: { le: '+Inf', service: 'timeline', route: '/tweets/:id' },
        value: 2,
      },
      {
        name: 'http_request_duration_seconds_sum',
        labels: { service: 'timeline', route: '/tweets/:id' },
        value: 0.35,
      },
      {
        name: 'http_request_duration_seconds_count',
        labels: { service: 'timeline', route: '/tweets/:id' },
        value: 2,
      },
      {
        name: 'http_request_duration_seconds_count',
        labels: { service: 'timeline', route: '/tweets' },
        value: 5,
      },
      { name: 'up', labels: {}, value: 1 },
      { name: 'up', labels: { service: 'search' }, value: 0 },
    ]);
  });

  it('gives nothing for a text of comments and blank lines only', () => {
    expect(parseExposition('')).toEqual([]);
    expect(parseExposition('# HELP up Whether it is up.\n# TYPE up gauge\n\n')).toEqual([]);
  });

  it('unescapes label values, and reads the characters of the syntax inside them as text', () => {
    const [sample] = parseExposition(
      String.raw`weird{quote="say \"hi\"",slash="C:\\dir\\",newline="one\ntwo",syntax="a},b=\"c\",d{"} 3`,
    );

    expect(sample).toEqual({
      name: 'weird',
      labels: {
        quote: 'say "hi"',
        slash: 'C:\\dir\\',
        newline: 'one\ntwo',
        syntax: 'a},b="c",d{',
      },
      value: 3,
    });
  });

  it('reads an empty label value, blanks around the labels, a trailing comma and empty braces', () => {
    expect(
      parseExposition(
        [
          'a{empty=""} 1',
          'b { x = "1" , y="2" , } 2',
          'c{} 3',
          'd{x="1"}\t4',
          'e 5\r',
          '  # indented comment',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'a', labels: { empty: '' }, value: 1 },
      { name: 'b', labels: { x: '1', y: '2' }, value: 2 },
      { name: 'c', labels: {}, value: 3 },
      { name: 'd', labels: { x: '1' }, value: 4 },
      { name: 'e', labels: {}, value: 5 },
    ]);
  });

  it.each([
    ['NaN', NaN],
    ['Nan', NaN],
    ['nan', NaN],
    ['+Inf', Infinity],
    ['Inf', Infinity],
    ['-Inf', -Infinity],
    ['+inf', Infinity],
    ['0', 0],
    ['-0.5', -0.5],
    ['+12', 12],
    ['1.5e-3', 0.0015],
    ['2E+2', 200],
    ['.25', 0.25],
    ['3.', 3],
  ])('reads the value %s', (text, value) => {
    expect(parseExposition(`metric{x="y"} ${text}`)[0]!.value).toBe(value);
    expect(parseExposition(`metric ${text}`)[0]!.value).toBe(value);
  });

  it('reads a sample with a timestamp, leaving the timestamp out', () => {
    expect(parseExposition('metric{x="y"} 7 1712345678901\nother 8 -5')).toEqual([
      { name: 'metric', labels: { x: 'y' }, value: 7 },
      { name: 'other', labels: {}, value: 8 },
    ]);
  });

  it('keeps a label named like an Object property a label', () => {
    const [sample] = parseExposition('metric{__proto__="p",constructor="c"} 1');

    expect(Object.keys(sample!.labels)).toEqual(['__proto__', 'constructor']);
    expect(sample!.labels['__proto__']).toBe('p');
    expect(Object.getPrototypeOf(sample!.labels)).toBe(Object.prototype);
  });

  it.each([
    ['no value', 'metric', 'no value'],
    ['no value after labels', 'metric{x="y"}  ', 'no value'],
    ['a value that is no number', 'metric 12abc', '"12abc" is not a value'],
    ['a value glued to the name', 'metric1.5x 2', 'a blank expected before the value'],
    ['a value glued to the labels', 'metric{x="y"}1', 'a blank expected before the value'],
    ['a name that starts with a digit', '1metric 1', 'no metric name'],
    ['an unquoted label value', 'metric{x=y} 1', 'no quoted value for x'],
    ['a label value not closed', 'metric{x="y} 1', 'the value of x is not closed'],
    ['braces not closed', 'metric{x="y" 1', '"," or "}" expected'],
    ['labels without a comma', 'metric{x="1" y="2"} 1', '"," or "}" expected'],
    ['a label without a value', 'metric{x} 1', '"=" expected after x'],
    ['a label given twice', 'metric{x="1",x="2"} 1', 'x given twice'],
    ['an unknown escape', String.raw`metric{x="a\tb"} 1`, String.raw`an unknown escape \t`],
    ['a timestamp that is no integer', 'metric 1 1.5', 'not a timestamp'],
    ['more after the timestamp', 'metric 1 2 3', 'more after the timestamp'],
  ])('throws, naming the line, on %s', (_case, line, why) => {
    expect(() => parseExposition(`# TYPE metric gauge\n${line}\n`)).toThrow(
      `Line 2 of the exposition text is not a sample (${why}): ${line.trim()}`,
    );
  });

  it('reads back what prom-client writes: escapes, NaN, infinities, histograms, default labels', async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'exposition-spec' });
    const gauge = new Gauge({
      name: 'odd_values',
      help: 'Values with "quotes", a back\\slash and a\nnewline in the help.',
      labelNames: ['kind'],
      registers: [registry],
    });
    gauge.labels('nan "quoted"').set(NaN);
    gauge.labels('inf \\ slashed').set(Infinity);
    gauge.labels('minus\ninf').set(-Infinity);
    new Counter({
      name: 'plain_total',
      help: 'No labels but the default.',
      registers: [registry],
    }).inc(3);
    const histogram = new Histogram({
      name: 'waits_seconds',
      help: 'A histogram.',
      labelNames: ['queue'],
      buckets: [0.5, 1],
      registers: [registry],
    });
    histogram.labels('a').observe(0.75);

    const samples = parseExposition(await registry.metrics());

    expect(samples).toEqual([
      {
        name: 'odd_values',
        labels: { kind: 'nan "quoted"', service: 'exposition-spec' },
        value: NaN,
      },
      {
        name: 'odd_values',
        labels: { kind: 'inf \\ slashed', service: 'exposition-spec' },
        value: Infinity,
      },
      {
        name: 'odd_values',
        labels: { kind: 'minus\ninf', service: 'exposition-spec' },
        value: -Infinity,
      },
      { name: 'plain_total', labels: { service: 'exposition-spec' }, value: 3 },
      {
        name: 'waits_seconds_bucket',
        labels: { le: '0.5', queue: 'a', service: 'exposition-spec' },
        value: 0,
      },
      {
        name: 'waits_seconds_bucket',
        labels: { le: '1', queue: 'a', service: 'exposition-spec' },
        value: 1,
      },
      {
        name: 'waits_seconds_bucket',
        labels: { le: '+Inf', queue: 'a', service: 'exposition-spec' },
        value: 1,
      },
      {
        name: 'waits_seconds_sum',
        labels: { queue: 'a', service: 'exposition-spec' },
        value: 0.75,
      },
      { name: 'waits_seconds_count', labels: { queue: 'a', service: 'exposition-spec' }, value: 1 },
    ]);
  });
});

describe(samplesOf.name, () => {
  it('gives the samples of that exact name only', () => {
    expect(samplesOf(TEXT, 'http_request_duration_seconds_count')).toEqual([
      {
        name: 'http_request_duration_seconds_count',
        labels: { service: 'timeline', route: '/tweets/:id' },
        value: 2,
      },
      {
        name: 'http_request_duration_seconds_count',
        labels: { service: 'timeline', route: '/tweets' },
        value: 5,
      },
    ]);
    expect(samplesOf(TEXT, 'http_request_duration_seconds')).toEqual([]);
    expect(samplesOf(TEXT, 'up').map((sample) => sample.value)).toEqual([1, 0]);
  });
});

describe(hasLabels.name, () => {
  const labels = { service: 'timeline', route: '/tweets' };

  it('wants exactly the labels asked for, by default', () => {
    expect(hasLabels(labels, { service: 'timeline', route: '/tweets' })).toBe(true);
    expect(hasLabels(labels, { route: '/tweets', service: 'timeline' })).toBe(true);
    expect(hasLabels(labels, { service: 'timeline' })).toBe(false);
    expect(hasLabels(labels, { service: 'timeline', route: '/tweets', method: 'GET' })).toBe(false);
    expect(hasLabels(labels, { service: 'timeline', route: '/other' })).toBe(false);
    expect(hasLabels({}, {})).toBe(true);
    expect(hasLabels(labels, {})).toBe(false);
  });

  it('lets the sample have other labels too, when partial', () => {
    expect(hasLabels(labels, { service: 'timeline' }, { partial: true })).toBe(true);
    expect(hasLabels(labels, {}, { partial: true })).toBe(true);
    expect(hasLabels(labels, { route: '/other' }, { partial: true })).toBe(false);
    expect(hasLabels(labels, { method: 'GET' }, { partial: true })).toBe(false);
  });

  it('tells a label with an empty value from no label', () => {
    expect(hasLabels({ x: '' }, { x: '' })).toBe(true);
    expect(hasLabels({}, { x: '' }, { partial: true })).toBe(false);
  });
});

describe(sampleValue.name, () => {
  it('gives the value of the one sample with exactly these labels', () => {
    expect(
      sampleValue(TEXT, 'http_request_duration_seconds_count', {
        service: 'timeline',
        route: '/tweets/:id',
      }),
    ).toBe(2);
    expect(sampleValue(TEXT, 'up', { service: 'search' })).toBe(0);
    // No labels: the sample that has none.
    expect(sampleValue(TEXT, 'up')).toBe(1);
    expect(sampleValue(TEXT, 'up', {})).toBe(1);
  });

  it('gives undefined when no sample has exactly these labels', () => {
    expect(sampleValue(TEXT, 'http_request_duration_seconds_count', { service: 'timeline' })).toBe(
      undefined,
    );
    expect(
      sampleValue(TEXT, 'http_request_duration_seconds_count', {
        service: 'timeline',
        route: '/tweets',
        method: 'GET',
      }),
    ).toBe(undefined);
    expect(sampleValue(TEXT, 'absent_metric', {})).toBe(undefined);
  });

  it('lets the sample have other labels too, when partial', () => {
    expect(
      sampleValue(
        TEXT,
        'http_request_duration_seconds_count',
        { route: '/tweets' },
        { partial: true },
      ),
    ).toBe(5);
    expect(
      sampleValue(TEXT, 'http_request_duration_seconds_bucket', { le: '+Inf' }, { partial: true }),
    ).toBe(2);
    expect(sampleValue(TEXT, 'up', { service: 'identity' }, { partial: true })).toBe(undefined);
  });

  it('throws when the labels name several series', () => {
    expect(() =>
      sampleValue(
        TEXT,
        'http_request_duration_seconds_count',
        { service: 'timeline' },
        {
          partial: true,
        },
      ),
    ).toThrow('2 samples of http_request_duration_seconds_count have the labels');
    expect(() => sampleValue(TEXT, 'up', {}, { partial: true })).toThrow('2 samples of up');
  });

  it('gives NaN and the infinities as numbers', () => {
    const text = 'g{k="nan"} Nan\ng{k="inf"} +Inf\ng{k="-inf"} -Inf\n';

    expect(sampleValue(text, 'g', { k: 'nan' })).toBeNaN();
    expect(sampleValue(text, 'g', { k: 'inf' })).toBe(Infinity);
    expect(sampleValue(text, 'g', { k: '-inf' })).toBe(-Infinity);
  });
});
