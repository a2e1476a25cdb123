// Second input for two_inputs.test; a file without parallel loops for emit_cpp.test.
int main() { return 0; }
