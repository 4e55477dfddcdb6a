process.env.NODE_ENV = process.env.NODE_ENV === 'production' ? 'production' : 'test';
