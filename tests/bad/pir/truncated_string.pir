// a model name whose closing quote is missing
// bad: 3:7 syntax-error exit=2 unterminated string
model "ascend910b2
