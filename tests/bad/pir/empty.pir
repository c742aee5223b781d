// nothing but this comment: no model, nothing to check
// bad: - model-error exit=2 no hardware model: declare one (model "ascend910b2";) or pass --model
