"""Output formats: one module per format, each a pure function of the model."""
