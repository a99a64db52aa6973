// Host code only: the demo runs in driver.cu.
int runDemo();

int main() { return runDemo(); }
