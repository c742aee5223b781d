// unsupported: a cross-core wait on a pipe. On the 950 CrossCoreWaitFlag<mode, PIPE_MTE2> blocks only
// MTE2 (the CrossCoreWaitFlag page; on A2 it blocks every pipe). The engine holds a cross-core
// wait on S, the whole core, which would order the AIV's V work after the AIC's results too:
// fewer findings than the hardware allows. So the model checks only waits on S
// (wait-blocks="named-unit") and this one is unsupported, never a silent pass.
// expect: unsupported@18 unmatched-signal@15 raw-hazard@19 raw-hazard@19
model "ascend950";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
    cross_core_set_flag(FIX, 2, 3);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
